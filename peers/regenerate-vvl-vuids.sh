#!/usr/bin/env bash
# Builds peers/vvl-runtimespirv.tsv: for every VUID-RuntimeSpirv-* rule of the pinned spec
# (rules/runtime/*.yaml), whether Vulkan-ValidationLayers (VVL) reports it and where.
#
#   peers/regenerate-vvl-vuids.sh VVL_CHECKOUT   grep a local VVL checkout's layers/ (not tests/)
#                                                and rewrite peers/vvl-runtimespirv.hits from it
#   peers/regenerate-vvl-vuids.sh --hits         rebuild the TSV from the committed hits file
#
# A hit is a file under layers/ whose text names the VUID (LogError strings, vuid variables,
# GPU-AV out_vuid_msg); layers/vulkan/generated/vk_validation_error_messages.h (the database
# of every VUID) is excluded. Where: run-time when the file is GPU-assisted validation
# (layers/gpuav/) or draw/dispatch-time (layers/drawdispatch/, core_checks/cc_drawdispatch*,
# cc_cmd_buffer*, cc_descriptor*); creation otherwise (shader module, pipeline, shader object
# creation: core_checks/cc_spirv*.cpp, cc_shader_*.cpp, cc_pipeline*.cpp, stateless/sl_spirv.cpp
# ...). A VUID spirv-val reports (peers/spirv-val-2026.3.vuids) is also creation: VVL runs
# spirv-val in vkCreateShaderModule/vkCreateShadersEXT and reports the VUID spirv-val names.
# A VUID with both kinds of hit is creation. Exit 2 when an input is missing.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
hits="$here/vvl-runtimespirv.hits"
out="$here/vvl-runtimespirv.tsv"
spirv_val="$here/spirv-val-2026.3.vuids"

if [[ $# -ne 1 ]]; then
  echo "usage: $0 VVL_CHECKOUT | --hits" >&2; exit 2
fi
if [[ "$1" != "--hits" ]]; then
  vvl="$1"
  [[ -d "$vvl/layers" ]] || { echo "$vvl/layers: not a Vulkan-ValidationLayers checkout" >&2; exit 2; }
  commit="$(git -C "$vvl" rev-parse HEAD 2>/dev/null || echo unknown)"
  tmp="$(mktemp)"
  { echo "# Where Vulkan-ValidationLayers layers/ sources name a VUID-RuntimeSpirv-* VUID (grep of a checkout at $commit)."
    echo "# One hit a line: SOURCE<TAB>VUID, SOURCE = path@commit. Made by peers/regenerate-vvl-vuids.sh; do not edit."
    (cd "$vvl" && grep -rIoE 'VUID-RuntimeSpirv-[A-Za-z0-9_]+-[0-9]+' layers \
        --exclude=vk_validation_error_messages.h || true) \
      | awk -F: -v c="$commit" '{ print $1 "@" c "\t" $2 }' | sort -t$'\t' -k2,2 -k1,1 -u
  } > "$tmp"
  mv "$tmp" "$hits"
fi
[[ -f "$hits" ]] || { echo "$hits missing" >&2; exit 2; }
[[ -d "$root/rules/runtime" ]] || { echo "$root/rules/runtime missing" >&2; exit 2; }

tmp="$(mktemp)"
{
  echo "# VUID-RuntimeSpirv-* rules of the pinned spec (rules/runtime/*.yaml) and whether Vulkan-ValidationLayers"
  echo "# (VVL) reports them: creation (shader module / pipeline / shader object creation), run-time (GPU-assisted"
  echo "# validation or draw/dispatch time) or not-found (no layers/ source names it). Sources: peers/vvl-runtimespirv.hits"
  echo "# (the VVL files and commits read, see peers/README.md \"Vulkan-ValidationLayers\") and, for VUIDs spirv-val"
  echo "# names, $(basename "$spirv_val"). Made by peers/regenerate-vvl-vuids.sh; do not edit by hand."
  printf 'vuid\twhere\tsources\n'
  ls "$root/rules/runtime" | sed -n 's/\.yaml$//p' | sort | awk -F'\t' -v hits="$hits" -v sv="$spirv_val" '
    BEGIN {
      while ((getline l < hits) > 0) {
        if (l ~ /^#/ || l == "") continue
        split(l, f, "\t"); src = f[1]; v = f[2]; path = src; sub(/@.*/, "", path)
        rt = (path ~ /^layers\/gpuav\// || path ~ /^layers\/drawdispatch\// || path ~ /core_checks\/cc_(drawdispatch|cmd_buffer|descriptor)/)
        prev = (v in srcs) ? srcs[v] "," : ""; kind[v] = kind[v] (rt ? "R" : "C"); srcs[v] = prev src
      }
      while ((getline l < sv) > 0) if (l ~ /^VUID-RuntimeSpirv-/) { prev = (l in srcs) ? srcs[l] "," : ""; kind[l] = kind[l] "C"; srcs[l] = prev "spirv-val(peers/spirv-val-2026.3.vuids)" }
    }
    { v = $0
      if (!(v in kind)) { printf "%s\tnot-found\t-\n", v; next }
      printf "%s\t%s\t%s\n", v, (kind[v] ~ /C/ ? "creation" : "run-time"), srcs[v] }'
} > "$tmp"
mv "$tmp" "$out"
awk -F'\t' 'NR > 1 && !/^#/ { n[$2]++ } END { printf "creation %d, run-time %d, not-found %d\n", n["creation"], n["run-time"], n["not-found"] }' "$out"
