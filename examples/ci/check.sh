#!/usr/bin/env bash
# Exercises the CI integrations of examples/ci and cmake/ for real (run by .ci/run):
#   sarif    : SARIF that vkrules writes (valid, invalid and malformed modules; relative and
#              absolute inputs; a baseline; the undecided as notes with --show-undecided; the
#              compiler-compatibility preset's warnings) passes Microsoft's SARIF Multitool
#              `validate` with no error and no warning, and the bundled examples' log holds their
#              one error as its one result
#   workflow : examples/ci/github-actions.yml passes @action-validator/cli
#   pre-commit: the hook of .pre-commit-hooks.yaml, run by pre-commit on a scratch repository,
#              passes on a valid shader and fails on an invalid one
#   cmake    : cmake/vkrules.cmake in a tiny project builds with a valid shader and fails with an
#              invalid one
# Usage: examples/ci/check.sh NODE_MODULES_DIR [sarif|workflow|pre-commit|cmake]...
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
nm=${1:?usage: check.sh NODE_MODULES_DIR [part]...}
nm=$(cd "$nm" && pwd)
shift
parts=("${@:-sarif workflow pre-commit cmake}")
parts=(${parts[*]})
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
vk="$root/vkrules"
valid="$root/examples/shaders/pbr_metallic_roughness.frag.spv"
invalid="$root/examples/shaders/invalid-integer-varying-not-flat.spv"

for part in "${parts[@]}"; do
case "$part" in
sarif)
  mkdir -p "$scratch/sarif/mods"
  cp "$root"/examples/shaders/*.spv "$scratch/sarif/mods/"
  printf '\x03\x02\x23\x07\x00\x00\x01\x00' > "$scratch/sarif/mods/truncated.spv"   # a header cut short
  # the source of the module compiled with debug information, where its OpString says (relative to the run)
  mkdir -p "$scratch/sarif/examples/shaders"
  cp "$root/examples/shaders/vulkan_memory_model_scopes.comp" "$scratch/sarif/examples/shaders/"
  export DOTNET_SYSTEM_GLOBALIZATION_INVARIANT=1
  (cd "$scratch/sarif" && "$vk" validate --format sarif mods > rel.sarif || true
   "$vk" validate --format sarif "$scratch/sarif/mods" > abs.sarif || true
   # a baseline with a finding that is gone by the next run (baselineState absent) and one new finding
   cp "$invalid" mods/removed-later.spv
   "$vk" validate --write-baseline base.json mods > /dev/null 2>&1 || true
   rm mods/removed-later.spv
   cp "$invalid" mods/new-since.spv
   "$vk" validate --format sarif --baseline base.json mods > baselined.sarif || true
   "$vk" validate --format sarif - < "$invalid" > stdin.sarif || true
   "$vk" validate --format sarif --show-undecided mods > undecided.sarif || true
   "$vk" validate --format sarif "$root/examples/shaders" > examples.sarif || true
   # warnings of the compiler-compatibility preset (glslang indexes descriptor arrays at run time)
   "$vk" validate --format sarif "$root"/examples/corpus/spv/nonuniform_storage_images.comp*.spv > warnings.sarif || true)
  python3 - "$scratch/sarif" <<'PY'
import json, sys
d = sys.argv[1]
def results(name):
    return json.load(open(f"{d}/{name}.sarif"))["runs"][0]["results"]
ex = results("examples")
# the errors of the two invalid examples, nothing undecided: Flat-04744 once, MemorySemantics-10871 at four lines
got = sorted((r["ruleId"], r["level"]) for r in ex)
want = sorted([("VUID-StandaloneSpirv-Flat-04744", "error")] + [("VUID-StandaloneSpirv-MemorySemantics-10871", "error")] * 4)
if got != want:
    sys.exit(f"ci: sarif: the bundled examples' log should hold their errors only, has {got}")
if not any(r["level"] == "note" for r in results("undecided")):
    sys.exit("ci: sarif: --show-undecided gave no note")
if not results("warnings") or any(r["level"] != "warning" for r in results("warnings")):
    sys.exit("ci: sarif: the preset's findings should be warnings")
PY
  for state in new unchanged absent; do
    grep -q "\"baselineState\" : \"$state\"" "$scratch/sarif/baselined.sarif" \
      || { echo "ci: sarif: no result with baselineState $state" >&2; exit 1; }
  done
  # code scanning annotates the source line: primary location the .comp file, the module related
  python3 - "$scratch/sarif/rel.sarif" <<'PY' || exit 1
import json, sys
results = json.load(open(sys.argv[1]))["runs"][0]["results"]
located = [r for r in results if r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
           == "examples/shaders/vulkan_memory_model_scopes.comp"]
ok = located and all(r["relatedLocations"][0]["physicalLocation"]["artifactLocation"]["uri"]
                     == "mods/vulkan_memory_model_scopes.comp.spv" and r.get("partialFingerprints") for r in located)
if not ok:
    sys.exit("ci: sarif: no result placed on examples/shaders/vulkan_memory_model_scopes.comp with the module related")
print("ci: sarif: %d results placed on the source of the module with debug information" % len(located))
PY
  for f in rel abs baselined stdin undecided examples warnings; do
    out=$("$nm/.bin/sarif-multitool" validate "$scratch/sarif/$f.sarif" -o "$scratch/sarif/$f.out" 2>&1 || true)
    if grep -Eq '(error|warning) SARIF' <<<"$out" || ! grep -q 'Analysis completed successfully' <<<"$out"; then
      echo "ci: sarif multitool: $f.sarif is not clean:" >&2
      grep -E '(error|warning) SARIF' <<<"$out" | head -20 >&2 || echo "$out" | tail -5 >&2
      exit 1
    fi
  done
  echo "ci: sarif multitool validate: relative, absolute, baselined (new, unchanged, absent), stdin, undecided (notes), examples (their errors only) and warnings logs clean (no error, no warning)"
  ;;
workflow)
  "$nm/.bin/action-validator" "$root/examples/ci/github-actions.yml"
  echo "ci: action-validator: examples/ci/github-actions.yml valid"
  ;;
pre-commit)
  repo="$scratch/hook-repo"
  mkdir -p "$repo" && cd "$repo"
  git init -q . && git config user.email ci@vkrules.invalid && git config user.name ci
  # The hook as .pre-commit-hooks.yaml defines it, run from this checkout (repo: local, with the
  # launcher's absolute path as entry): try-repo would clone and build vkrules a second time.
  python3 - "$root/.pre-commit-hooks.yaml" "$vk" > .pre-commit-config.yaml <<'PY'
import sys, yaml
hook = yaml.safe_load(open(sys.argv[1]))[0]
hook["entry"] = hook["entry"].replace("vkrules", sys.argv[2], 1)
hook["language"] = "system"
print(yaml.safe_dump({"repos": [{"repo": "local", "hooks": [hook]}]}, sort_keys=False))
PY
  cp "$valid" shader.spv && git add -A
  PRE_COMMIT_HOME="$scratch/pc-home" pre-commit run --all-files > "$scratch/pc-ok.log" 2>&1 \
    || { echo "ci: pre-commit hook failed on a valid shader:" >&2; cat "$scratch/pc-ok.log" >&2; exit 1; }
  cp "$invalid" bad.spv && git add -A
  if PRE_COMMIT_HOME="$scratch/pc-home" pre-commit run --all-files > "$scratch/pc-bad.log" 2>&1; then
    echo "ci: pre-commit hook passed an invalid shader:" >&2; cat "$scratch/pc-bad.log" >&2; exit 1
  fi
  grep -q 'VUID-StandaloneSpirv-Flat-04744' "$scratch/pc-bad.log" \
    || { echo "ci: pre-commit hook failed without naming the VUID:" >&2; cat "$scratch/pc-bad.log" >&2; exit 1; }
  cd "$root"
  echo "ci: pre-commit hook vkrules-validate: passes a valid shader, fails an invalid one (Flat-04744)"
  ;;
cmake)
  for kind in valid invalid; do
    p="$scratch/cmake-$kind"
    mkdir -p "$p"
    cp "${!kind}" "$p/shader.spv"
    cat > "$p/CMakeLists.txt" <<CM
cmake_minimum_required(VERSION 3.16)
project(vkrules_cmake_check NONE)
include("$root/cmake/vkrules.cmake")
add_custom_target(shaders ALL)
vkrules_validate_shaders(TARGET shaders SHADERS "\${CMAKE_CURRENT_SOURCE_DIR}/shader.spv" VKRULES "$vk")
CM
    cmake -S "$p" -B "$p/build" > "$p.log" 2>&1 || { cat "$p.log" >&2; exit 1; }
    if cmake --build "$p/build" >> "$p.log" 2>&1; then built=yes; else built=no; fi
    if [[ $kind == valid && $built == no ]] || [[ $kind == invalid && $built == yes ]]; then
      echo "ci: cmake/vkrules.cmake: the $kind shader's build $([[ $built == yes ]] && echo passed || echo failed):" >&2
      cat "$p.log" >&2
      exit 1
    fi
  done
  grep -q 'VUID-StandaloneSpirv-Flat-04744' "$scratch/cmake-invalid.log" \
    || { echo "ci: cmake build failed without naming the VUID" >&2; exit 1; }
  echo "ci: cmake/vkrules.cmake: builds with a valid shader, fails with an invalid one (Flat-04744)"
  ;;
*) echo "check.sh: unknown part '$part' (sarif, workflow, pre-commit, cmake)" >&2; exit 2 ;;
esac
done
