#!/usr/bin/env bash
# Registers the SPIRV-Tools build that matches a Vulkan spec release in
# peers/spirv-tools-releases.tsv, and regenerates its VUID list (peers/regenerate-vuids.sh), so a
# spec update changes which oracle the cross-checks use without hand edits.
#
#   peers/register-oracle.sh [--spec SPEC_DIR] [--source TEXT] SPIRV_TOOLS_BUILD_DIR
#
#   SPIRV_TOOLS_BUILD_DIR  holds spirv-val, spirv-as and spirv-dis; its `spirv-val --version`
#                          gives the spirv-tools column
#   --spec SPEC_DIR        the spec inputs whose vk.xml names the release (default: spec-sources/,
#                          the pin; point it at a scratch import of the next release to register
#                          that one before moving the pin)
#   --source TEXT          the source column; by default the "KhronosGroup/SPIRV-Tools tag X
#                          (commit Y)" that ../shared/oracle/README.md says about the build's
#                          directory, else "SPIRV-Tools VERSION build, DIR"
#
# The shared-dir column is the build's directory name when it lies in ../shared/oracle/ beside the
# project root, else "-". A row of the same release is replaced (the command can be re-run); rows
# stay sorted by release. Exit 2 with nothing written when an input is missing or unreadable.
set -euo pipefail
die() { echo "register-oracle.sh: $*" >&2; exit 2; }
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
spec="$root/spec-sources"
source_text=""
while [[ $# -gt 1 ]]; do
  case $1 in
    --spec) spec="$2"; shift 2 ;;
    --source) source_text="$2"; shift 2 ;;
    *) break ;;
  esac
done
[[ $# -eq 1 && $1 != --* ]] || die "usage: register-oracle.sh [--spec SPEC_DIR] [--source TEXT] SPIRV_TOOLS_BUILD_DIR"
[[ -d $1 ]] || die "no directory $1"
build="$(cd "$1" && pwd)"
for t in spirv-val spirv-as spirv-dis; do
  [[ -f $build/$t && -x $build/$t ]] || die "no executable $t in $build"
done
table="$here/spirv-tools-releases.tsv"
[[ -f $table ]] || die "no $table"
vkxml="$spec/vk.xml"
[[ -f $vkxml ]] || die "no $vkxml"

# The release: VK_HEADER_VERSION_COMPLETE's major.minor and VK_HEADER_VERSION, of the first
# definitions not for Vulkan SC (api="vulkansc"), as OracleLocator.pinnedRelease reads them.
release="$(awk '
  /<type[ >]/ && !/<type>/ { sc = ($0 ~ /api="vulkansc"/) }
  /#define *<name>VK_HEADER_VERSION<\/name>/ && !sc && header == "" {
    s = $0; sub(/.*<\/name>[ \t]*/, "", s); sub(/[^0-9].*/, "", s); header = s }
  /#define *<name>VK_HEADER_VERSION_COMPLETE<\/name>/ && !sc && complete == "" {
    s = $0; sub(/^[^(]*\([ \t]*[A-Za-z0-9_]+[ \t]*,[ \t]*/, "", s); split(s, p, /[ \t]*,[ \t]*/)
    if (p[1] ~ /^[0-9]+$/ && p[2] ~ /^[0-9]+$/) complete = p[1] "." p[2] }
  END { if (header != "" && complete != "") print complete "." header }' "$vkxml")"
[[ -n $release ]] || die "$vkxml defines no VK_HEADER_VERSION and VK_HEADER_VERSION_COMPLETE"

said="$("$build/spirv-val" --version </dev/null 2>&1 | head -n 1)" || die "$build/spirv-val --version failed: $said"
version="$(printf '%s\n' "$said" | sed -n 's/^SPIRV-Tools \(v[0-9][0-9A-Za-z.-]*\).*/\1/p')"
[[ -n $version ]] || die "$build/spirv-val --version names no SPIRV-Tools version: $said"

shared_root="$(cd "$root/.." && pwd)/shared/oracle"
shared_dir="-"
if [[ $(dirname "$build") == "$shared_root" ]]; then
  shared_dir="$(basename "$build")"
fi
if [[ -z $source_text && $shared_dir != - && -f $shared_root/README.md ]]; then
  # The README's paragraph about `DIR/`, joined into one line, names the tag and commit.
  source_text="$(awk -v d="\`$shared_dir/\`" 'index($0, d) == 1 { on = 1 } on && /^$/ { exit } on { printf "%s ", $0 }' \
    "$shared_root/README.md" | grep -oE 'KhronosGroup/SPIRV-Tools tag [^ ]+ \(commit [0-9a-f]+\)' | head -n 1 || true)"
fi
[[ -n $source_text ]] || source_text="SPIRV-Tools $version build, $build"
[[ $source_text != *$'\t'* && $source_text != *$'\n'* ]] || die "--source must be one line without tabs"

# The VUID list first (it is written whole or not at all), then the table.
vuids="$("$here/regenerate-vuids.sh" "$build")" || exit 2

tmp="$(mktemp "$here/.spirv-tools-releases.XXXXXX")"
trap 'rm -f "$tmp"' EXIT
{
  # comments and the column header as they are; the rows of other releases, plus this one, by release
  awk -F'\t' '/^#/ || /^[[:space:]]*$/ { print; next } !h { print; h = 1 }' "$table"
  {
    awk -F'\t' -v r="$release" '/^#/ || /^[[:space:]]*$/ { next } !h { h = 1; next } $1 != r { print }' "$table"
    printf '%s\t%s\t%s\t%s\t%s\n' "$release" "$version" "$shared_dir" "$vuids" "$source_text"
  } | LC_ALL=C sort -t$'\t' -k1,1V
} > "$tmp"
chmod 644 "$tmp"
mv "$tmp" "$table"
echo "register-oracle.sh: spec $release -> SPIRV-Tools $version ($shared_dir), peers/$vuids, in peers/spirv-tools-releases.tsv" >&2
