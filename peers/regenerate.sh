#!/usr/bin/env bash
# Rebuilds spirv-val-2023.1.vuids from the installed Debian spirv-tools package (see README.md).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
version="$(dpkg-query -W -f='${Version}' spirv-tools)"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
g++ -O1 -o "$tmp/dump" "$here/spirv-val-vuids.cpp" -lSPIRV-Tools
{
  echo "# VUIDs that spirv-val can report: the entries of ValidationState_t::VkErrorID,"
  echo "# read by calling that function (peers/spirv-val-vuids.cpp, peers/regenerate.sh)"
  echo "# in Debian's spirv-tools $version, /usr/lib/x86_64-linux-gnu/libSPIRV-Tools.a."
  echo "# One VUID a line, sorted. Do not edit by hand."
  "$tmp/dump" | grep -oE 'VUID-[A-Za-z0-9_]+-[A-Za-z0-9_]+-[0-9]+' | LC_ALL=C sort -u
} > "$tmp/out"
mv "$tmp/out" "$here/spirv-val-2023.1.vuids"
echo "wrote $(grep -vc '^#' "$here/spirv-val-2023.1.vuids") VUIDs to peers/spirv-val-2023.1.vuids" >&2
