#!/usr/bin/env bash
# Prints the directory of the SPIRV-Tools build that matches the pinned spec, as .ci/run finds it:
# the release of spec-sources/vk.xml, its row in peers/spirv-tools-releases.tsv, that row's
# shared-dir under ../shared/oracle/ (beside the project). $VKRULES_SPIRV_TOOLS wins when set.
# Exits 2 with a message when there is none. Sourced or run by the other bench scripts.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
if [[ -n ${VKRULES_SPIRV_TOOLS:-} ]]; then
  echo "$VKRULES_SPIRV_TOOLS"
  exit 0
fi
patch=$(sed -n 's|.*#define <name>VK_HEADER_VERSION</name> \([0-9]*\).*|\1|p' "$root/spec-sources/vk.xml" | head -1)
minor=$(sed -n 's|.*VK_HEADER_VERSION_COMPLETE</name> <type>VK_MAKE_API_VERSION</type>(0, \([0-9]*\), \([0-9]*\),.*|\1.\2|p' \
  "$root/spec-sources/vk.xml" | head -1)
shared_dir=$(awk -F'\t' -v r="$minor.$patch" '$1 == r { print $3 }' "$root/peers/spirv-tools-releases.tsv")
dir="$root/../shared/oracle/${shared_dir:-none}"
if [[ ! -x $dir/spirv-val ]]; then
  echo "oracle: no spirv-val for Vulkan $minor.$patch at $dir (peers/spirv-tools-releases.tsv; or set VKRULES_SPIRV_TOOLS)" >&2
  exit 2
fi
(cd "$dir" && pwd)
