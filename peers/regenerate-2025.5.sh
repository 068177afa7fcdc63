#!/usr/bin/env bash
# Rebuilds spirv-val-2025.5.vuids from the SPIRV-Tools build in ../shared/oracle (see README.md):
# the VUIDs spelled out whole in the binary's string constants, a lower bound of what it can report.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
bin="${1:-$here/../../shared/oracle/spirv-tools-vulkan-sdk-1.4.335.0/spirv-val}"
version="$("$bin" --version | sed -n 's/^SPIRV-Tools \(v[0-9.]*\).*/\1/p')"
[[ $version == v2025.5 ]] || { echo "regenerate-2025.5.sh: $bin is SPIRV-Tools $version, not v2025.5" >&2; exit 2; }
tmp="$(mktemp)"
trap 'rm -f "$tmp"' EXIT
{
  echo "# VUIDs that spirv-val v2025.5 (../shared/oracle/spirv-tools-vulkan-sdk-1.4.335.0/spirv-val) can report,"
  echo "# as far as its string constants show: a LOWER BOUND (peers/README.md, \"v2025.5\"), made by"
  echo "# peers/regenerate-2025.5.sh. One VUID a line, sorted. Do not edit by hand."
  grep -aoE 'VUID-[A-Za-z0-9]+-[A-Za-z0-9_]+-[0-9]{5}' "$bin" | LC_ALL=C sort -u
} > "$tmp"
mv "$tmp" "$here/spirv-val-2025.5.vuids"
echo "wrote $(grep -vc '^#' "$here/spirv-val-2025.5.vuids") VUIDs to peers/spirv-val-2025.5.vuids" >&2
