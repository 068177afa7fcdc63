#!/usr/bin/env bash
# The NonSemantic.Shader.DebugInfo.100 fixtures: shaderc (what the tests compile with, in the JVM)
# writes only the OpLine form, so these are compiled by glslang's own front end
# (Debian: apt-get install glslang-tools spirv-tools) and committed. Run from this folder.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
glslangValidator --version | head -1
glslangValidator -V -gVS --target-env vulkan1.3 shade.frag -o shade.frag.gVS.spv >/dev/null
# the same functions inlined into main by spirv-opt, which keeps the calls as DebugInlinedAt
glslangValidator -V -gVS --target-env vulkan1.3 inline.frag -o inline.frag.gVS.spv >/dev/null
spirv-opt --inline-entry-points-exhaustive inline.frag.gVS.spv -o inline.frag.gVS-inlined.spv
rm inline.frag.gVS.spv
# HLSL through glslang's HLSL front end, the same form
glslangValidator -V -D -e main -S comp -gVS --target-env vulkan1.3 tile.comp.hlsl -o tile.comp.hlsl.gVS.spv >/dev/null
