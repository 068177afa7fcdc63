#!/usr/bin/env bash
# Rebuilds peers/spirv-val-VERSION.vuids from a SPIRV-Tools build (see README.md, "Reading the
# binary"): the VUIDs spelled out whole in spirv-val's string constants, a lower bound of what it
# can report. VERSION is what `spirv-val --version` names (v2026.3 -> spirv-val-2026.3.vuids).
#
#   peers/regenerate-vuids.sh DIR        DIR holds spirv-val (or DIR is the spirv-val binary)
#
# Exit 2 (nothing written) when spirv-val is missing, does not run or names no version.
set -euo pipefail
die() { echo "regenerate-vuids.sh: $*" >&2; exit 2; }
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
[[ $# -eq 1 ]] || die "usage: regenerate-vuids.sh SPIRV_TOOLS_BUILD_DIR"
bin="$1"
[[ -d $bin ]] && bin="$bin/spirv-val"
[[ -f $bin && -x $bin ]] || die "no executable spirv-val at $bin"
bin="$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")"
said="$("$bin" --version </dev/null 2>&1 | head -n 1)" || die "$bin --version failed: $said"
version="$(printf '%s\n' "$said" | sed -n 's/^SPIRV-Tools \(v[0-9][0-9A-Za-z.-]*\).*/\1/p')"
[[ -n $version ]] || die "$bin --version names no SPIRV-Tools version: $said"
out="spirv-val-${version#v}.vuids"
tmp="$(mktemp "$here/.$out.XXXXXX")"
trap 'rm -f "$tmp"' EXIT
shown="$bin"
case $bin in
  "$(cd "$here/../.." && pwd)"/shared/oracle/*) shown="../shared/oracle/${bin#"$(cd "$here/../.." && pwd)"/shared/oracle/}" ;;
esac
{
  echo "# VUIDs that spirv-val $version ($shown) can report,"
  echo "# as far as its string constants show: a LOWER BOUND (peers/README.md, \"Reading the binary\"),"
  echo "# made by peers/regenerate-vuids.sh. One VUID a line, sorted. Do not edit by hand."
  grep -aoE 'VUID-[A-Za-z0-9]+-[A-Za-z0-9_]+-[0-9]{5}' "$bin" | LC_ALL=C sort -u
} > "$tmp"
n="$(grep -vc '^#' "$tmp" || true)"
((n > 0)) || die "$bin spells out no VUID; not a spirv-val build?"
chmod 644 "$tmp"
mv "$tmp" "$here/$out"
echo "regenerate-vuids.sh: wrote $n VUIDs of SPIRV-Tools $version to peers/$out" >&2
echo "$out"
