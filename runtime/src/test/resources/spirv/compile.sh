#!/usr/bin/env bash
# Recompiles the GLSL test shaders with Debian's glslangValidator; the .spv files are committed.
# Hand-written assembly (asm/*.spvasm) is assembled with Debian's spirv-as.
# Usage: runtime/src/test/resources/spirv/compile.sh
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
for src in glsl/*; do
  name="$(basename "$src")"
  case "$name" in
    *.rgen|*.mesh) env=(--target-env vulkan1.3) ;;
    *.comp) env=(--target-env vulkan1.1) ;;
    *) env=(--target-env vulkan1.0) ;;
  esac
  glslangValidator -V "${env[@]}" -o "${name//./-}.spv" "$src" >/dev/null
  glslangValidator -V "${env[@]}" -g -o "${name//./-}-debug.spv" "$src" >/dev/null
  # NonSemantic.Shader.DebugInfo.100 needs SPV_KHR_non_semantic_info (core in SPIR-V 1.6).
  glslangValidator -V --target-env vulkan1.3 -gVS -o "${name//./-}-nsdebug.spv" "$src" >/dev/null
done
# The modules using instructions new in the 1.4.335 grammar need the matching spirv-as
# (SPIRV-Tools v2025.5, ../shared/oracle/ or SPIRV_AS); model-features keeps SPIR-V 1.4.
oracle_as="${SPIRV_AS:-../../../../../../shared/oracle/spirv-tools-vulkan-sdk-1.4.335.0/spirv-as}"
# asm-rejected-by-spirv-val/ holds valid modules that spirv-val v2025.5 rejects (a forward
# reference of OpExtInstWithForwardRefsKHR); they are parsed and round-tripped, not validated.
for src in asm/*.spvasm asm-rejected-by-spirv-val/*.spvasm; do
  name="$(basename "$src" .spvasm)"
  case "$name" in
    model-features) spirv-as --target-env spv1.4 -o "asm-$name.spv" "$src" ;;
    *) "$oracle_as" --target-env spv1.6 -o "asm-$name.spv" "$src" ;;
  esac
done
