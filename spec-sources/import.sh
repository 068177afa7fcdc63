#!/usr/bin/env bash
# Re-creates spec-sources/ from one Vulkan release, so a spec update needs no hand work.
#
#   spec-sources/import.sh RELEASE_DIR
#       RELEASE_DIR laid out like ../shared/spec-sources/vulkan-1.4.357: spirvenv.adoc, vk.xml,
#       spec/ (config/, chapters/, appendices/), spirv/*.grammar.json, profiles/, spir-v.xml,
#       validusage.json (optional)
#   spec-sources/import.sh VULKAN_DOCS_DIR SPIRV_HEADERS_DIR PROFILES_DIR
#       checkouts of KhronosGroup/Vulkan-Docs (optionally built with `makeSpec -spec all validusage`,
#       or with VALIDUSAGE=path/to/validusage.json set), SPIRV-Headers and Vulkan-Profiles
#
# Copies verbatim: the appendix, vk.xml, spir-v.xml, every SPIR-V grammar file, every profile
# (devices/ too), config/attribs.adoc, the spec files that define an anchor the appendix
# cross-references, and chapters/shaders.adoc with the commonvalidity files it includes (the
# VkShaderModuleCreateInfo valid usage, read by the generator when there is no
# validusage-shadermodule.json), chapters/pipelines.adoc with commonvalidity/
# pipeline_create_info_common.adoc (the pipelines' shader-interface VUIDs, extracted into
# rules/pipeline/); reduces validusage.json, when there is one, to the entries vkrules
# reads (the same jq filters as every release before); writes SHA256SUMS. Without validusage.json
# the conformance fixture validusage-spirv.json is absent (its test skips) and the generator reads
# the VkShaderModuleCreateInfo VUIDs from the AsciiDoc. Files of the previous release that the new
# one no longer has are removed, so nothing stale survives; the project's own files here
# (README.md, extinst-import-names.tsv, this script) stay. Exit 2 when an input is missing; nothing
# is half-written (the new tree is built aside and swapped in at the end).
set -euo pipefail

die() { echo "import.sh: $*" >&2; exit 2; }
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd -P)"
command -v jq >/dev/null || die "needs jq (apt-get install -y jq)"

case $# in
  1)
    src="$1"
    adoc="$src/spirvenv.adoc"; vkxml="$src/vk.xml"; validusage="${VALIDUSAGE:-$src/validusage.json}"
    spec="$src/spec"; grammar="$src/spirv"; profiles="$src/profiles"; spirvxml="$src/spir-v.xml" ;;
  3)
    adoc="$1/appendices/spirvenv.adoc"; vkxml="$1/xml/vk.xml"; spec="$1"
    validusage="${VALIDUSAGE:-$1/gen/out/validation/validusage.json}"
    grammar="$2/include/spirv/unified1"; profiles="$3/profiles"; spirvxml="$2/include/spirv/spir-v.xml" ;;
  *)
    die "usage: import.sh RELEASE_DIR | import.sh VULKAN_DOCS_DIR SPIRV_HEADERS_DIR PROFILES_DIR" ;;
esac
for f in "$adoc" "$vkxml" "$spec/config/attribs.adoc" "$spec/chapters/shaders.adoc"; do
  [[ -f $f ]] || die "missing input file $f"
done
# validusage.json is optional, but a file named explicitly must be there
if [[ -n ${VALIDUSAGE:-} && ! -f $VALIDUSAGE ]]; then
  die "missing input file $VALIDUSAGE (VALIDUSAGE)"
fi
# the VkShaderModuleCreateInfo valid usage and the files it includes ({chapters}/commonvalidity/X.adoc)
shader_includes="$(sed -n 's/^include::{chapters}\/\(commonvalidity\/[^[]*\.adoc\)\[\]$/\1/p' "$spec/chapters/shaders.adoc" | sort -u)"
for f in $shader_includes; do
  [[ -f $spec/chapters/$f ]] || die "missing input file $spec/chapters/$f (included by chapters/shaders.adoc)"
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
# spir-v.xml (read by `dis`): the release's; a release directory without one (1.4.335 and older
# were laid out without it) keeps the one imported before, and says so
if [[ -f $spirvxml ]]; then
  cp "$spirvxml" "$new/spir-v.xml"
elif [[ -f $here/spir-v.xml ]]; then
  cp "$here/spir-v.xml" "$new/spir-v.xml"
  echo "import.sh: no $spirvxml: $here/spir-v.xml of the previous import kept" >&2
else
  die "missing input file $spirvxml"
fi

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

if [[ -f $validusage ]]; then
  jq '{"version info": ."version info", validation: {StandaloneSpirv: .validation.StandaloneSpirv,
      RuntimeSpirv: .validation.RuntimeSpirv}}' "$validusage" > "$new/validusage-spirv.json" \
    || die "cannot read $validusage"
  jq '{"version info": ."version info", validation: {VkShaderModuleCreateInfo: .validation.VkShaderModuleCreateInfo}}' \
      "$validusage" > "$new/validusage-shadermodule.json" || die "cannot read $validusage"
else
  echo "import.sh: no validusage.json: no conformance fixture ($here/validusage-spirv.json); the VkShaderModuleCreateInfo VUIDs come from $here/spec/chapters/shaders.adoc" >&2
fi

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
files["chapters/shaders.adoc"]=1
for f in $shader_includes; do files["chapters/$f"]=1; done
# the pipeline create-info valid usage every pipeline type includes (its shader-interface VUIDs are
# extracted into rules/pipeline/) and the chapter whose ref pages include it
for f in chapters/pipelines.adoc chapters/commonvalidity/pipeline_create_info_common.adoc; do
  [[ -f $spec/$f ]] && files["$f"]=1
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

# Swap in: the inputs are replaced as a whole; the project's own files (README.md,
# extinst-import-names.tsv, this script) stay.
for old in spirvenv.adoc vk.xml spir-v.xml validusage-spirv.json validusage-shadermodule.json SHA256SUMS \
    VP_KHR_roadmap_2022.json spirv spec profiles; do
  rm -rf "${here:?}/$old"
done
if [[ -f $new/PROVENANCE.md ]]; then
  rm -f "$here/PROVENANCE.md"
fi
mv "$new"/* "$here/"
release="$(sed -n 's/.*#define *<name>VK_HEADER_VERSION_COMPLETE<\/name>.*(0, *\([0-9]*\), *\([0-9]*\),.*/\1.\2/p' "$here/vk.xml" | head -n 1)"
release="$release.$(sed -n 's/.*#define *<name>VK_HEADER_VERSION<\/name> *\([0-9]*\).*/\1/p' "$here/vk.xml" | head -n 1)"
echo "import.sh: $here now holds Vulkan $release:" \
  "$(ls "$here/spirv" | wc -l) grammar files, $(find "$here/profiles" -name '*.json' | wc -l) profiles," \
  "${#files[@]} spec files; update $here/README.md with the release and sources"
