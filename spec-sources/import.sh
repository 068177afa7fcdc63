#!/usr/bin/env bash
# Re-creates spec-sources/ from one Vulkan release, so a spec update needs no hand work.
#
#   spec-sources/import.sh RELEASE_DIR
#       RELEASE_DIR laid out like ../shared/spec-sources/vulkan-1.4.335: spirvenv.adoc, vk.xml,
#       validusage.json, spec/ (config/, chapters/, appendices/), spirv/*.grammar.json, profiles/
#   spec-sources/import.sh VULKAN_DOCS_DIR SPIRV_HEADERS_DIR PROFILES_DIR
#       checkouts of KhronosGroup/Vulkan-Docs (built once with `makeSpec -spec all validusage`,
#       or with VALIDUSAGE=path/to/validusage.json set), SPIRV-Headers and Vulkan-Profiles
#
# Copies verbatim: the appendix, vk.xml, every SPIR-V grammar file, every profile (devices/ too),
# config/attribs.adoc and only the spec files that define an anchor the appendix cross-references;
# reduces validusage.json to the entries vkrules reads (the same jq filters as every release
# before); writes SHA256SUMS. Files of the previous release that the new one no longer has are
# removed, so nothing stale survives. Exit 2 when an input is missing; nothing is half-written
# (the new tree is built aside and swapped in at the end).
set -euo pipefail

die() { echo "import.sh: $*" >&2; exit 2; }
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
command -v jq >/dev/null || die "needs jq (apt-get install -y jq)"

case $# in
  1)
    src="$1"
    adoc="$src/spirvenv.adoc"; vkxml="$src/vk.xml"; validusage="$src/validusage.json"
    spec="$src/spec"; grammar="$src/spirv"; profiles="$src/profiles" ;;
  3)
    adoc="$1/appendices/spirvenv.adoc"; vkxml="$1/xml/vk.xml"; spec="$1"
    validusage="${VALIDUSAGE:-$1/gen/out/validation/validusage.json}"
    grammar="$2/include/spirv/unified1"; profiles="$3/profiles" ;;
  *)
    die "usage: import.sh RELEASE_DIR | import.sh VULKAN_DOCS_DIR SPIRV_HEADERS_DIR PROFILES_DIR" ;;
esac
for f in "$adoc" "$vkxml" "$validusage" "$spec/config/attribs.adoc"; do
  [[ -f $f ]] || die "missing input file $f"
done
for d in "$grammar" "$profiles"; do
  [[ -d $d ]] || die "missing input directory $d"
done
compgen -G "$grammar/*.grammar.json" >/dev/null || die "no *.grammar.json in $grammar"

new="$(mktemp -d "$here/.import.XXXXXX")"
trap 'rm -rf "$new"' EXIT

cp "$adoc" "$new/spirvenv.adoc"
# a release directory comes with its provenance (sources, commits, facts); keep it with the copy
if [[ $# -eq 1 && -f $src/PROVENANCE.md ]]; then
  cp "$src/PROVENANCE.md" "$new/PROVENANCE.md"
fi
cp "$vkxml" "$new/vk.xml"

mkdir "$new/spirv"
cp "$grammar"/*.grammar.json "$new/spirv/"

# Profiles: the JSON files of the top-level folder and devices/ (Vulkan-Profiles keeps the
# device profiles of its LunarG baselines in sub-folders; a release directory has them flat).
mkdir -p "$new/profiles/devices"
cp "$profiles"/*.json "$new/profiles/"
if [[ -d $profiles/devices ]]; then
  cp "$profiles"/devices/*.json "$new/profiles/devices/"
elif compgen -G "$profiles/LunarG/*/*.json" >/dev/null; then
  cp "$profiles"/LunarG/*/*.json "$new/profiles/devices/"
fi

jq '{"version info": ."version info", validation: {StandaloneSpirv: .validation.StandaloneSpirv,
    RuntimeSpirv: .validation.RuntimeSpirv}}' "$validusage" > "$new/validusage-spirv.json"
jq '{"version info": ."version info", validation: {VkShaderModuleCreateInfo: .validation.VkShaderModuleCreateInfo}}' \
    "$validusage" > "$new/validusage-shadermodule.json"

# The spec's AsciiDoc: the document attributes, and each file that defines an anchor the
# appendix cross-references (<<anchor>> or <<anchor,text>>), so section titles resolve.
mkdir -p "$new/spec/config"
cp "$spec/config/attribs.adoc" "$new/spec/config/"
anchors="$(grep -oE '<<[^>,[:space:]]+' "$new/spirvenv.adoc" | sed 's/^<<//' | sort -u)"
missing=()
declare -A files=()
for a in $anchors; do
  q="$(printf '%s' "$a" | sed 's/[.[\*^$]/\\&/g')"
  hits="$(cd "$spec" && grep -rlE --include='*.adoc' \
    "\[\[(\{anchor-prefix\})?$q(,[^]]*)?\]\]|anchor:(\{anchor-prefix\})?$q\[|\[#$q[],.%]" \
    chapters appendices 2>/dev/null || true)"
  # an anchor of the appendix itself resolves there; a copy of the appendix under spec/ is not needed
  hits="$(printf '%s\n' "$hits" | grep -vx 'appendices/spirvenv.adoc' || true)"
  if [[ -z $hits ]]; then
    grep -qE "\[\[$q(,[^]]*)?\]\]|anchor:$q\[" "$new/spirvenv.adoc" || missing+=("$a")
    continue
  fi
  while IFS= read -r f; do files["$f"]=1; done <<<"$hits"
done
for f in "${!files[@]}"; do
  mkdir -p "$new/spec/$(dirname "$f")"
  cp "$spec/$f" "$new/spec/$f"
done
if ((${#missing[@]})); then
  echo "import.sh: ${#missing[@]} cross-referenced anchors are defined nowhere in the spec (extraction will say so): ${missing[*]}" >&2
fi

chmod -R u+w "$new"  # release inputs are often read-only
(cd "$new" && find . -type f ! -name SHA256SUMS | sed 's|^\./||' | LC_ALL=C sort | xargs sha256sum > SHA256SUMS)

# Swap in: the inputs are replaced as a whole; README.md and this script stay.
for old in spirvenv.adoc vk.xml validusage-spirv.json validusage-shadermodule.json SHA256SUMS \
    VP_KHR_roadmap_2022.json spirv spec profiles; do
  rm -rf "${here:?}/$old"
done
if [[ -f $new/PROVENANCE.md ]]; then
  rm -f "$here/PROVENANCE.md"
fi
mv "$new"/* "$here/"
echo "import.sh: spec-sources/ now holds Vulkan $(jq -r '."version info"."api version"' "$here/validusage-spirv.json"):" \
  "$(ls "$here/spirv" | wc -l) grammar files, $(find "$here/profiles" -name '*.json' | wc -l) profiles," \
  "${#files[@]} spec files; update README.md with the release and sources"
