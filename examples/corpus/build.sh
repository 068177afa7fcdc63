#!/usr/bin/env bash
# Rebuilds examples/corpus/spv/ and examples/corpus/modules.tsv from the sources in glsl/,
# as listed in manifest.tsv (compiled modules) and links.tsv (multi-entry-point modules),
# then validates every module with spirv-val for vulkan1.3 and for its own target.
#
#   ./build.sh            rebuild spv/ and modules.tsv (replaces them only if all modules pass)
#   ./build.sh --check    rebuild into a scratch directory and fail if the committed output differs
#   ./build.sh -j N       run N jobs at once (default: number of CPUs)
#
# Output depends only on the inputs and the tool versions (glslang 12.0.0, SPIRV-Tools 2023.1):
# every job runs from glsl/ with relative paths, so debug info holds no absolute paths.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
SELF="$PWD/$(basename "${BASH_SOURCE[0]}")"
export LC_ALL=C

# ---------------------------------------------------------------------------------------------
# Targets. A target is a spirv-val Vulkan environment, optionally with an explicit SPIR-V
# version: vulkan1.0, vulkan1.1, vulkan1.1spv1.2, vulkan1.1spv1.4, vulkan1.2, vulkan1.2spv1.4,
# vulkan1.3, ... The SPIR-V version defaults to the newest the Vulkan version accepts.

target_vulkan() { local t=${1%%spv*}; echo "${t#vulkan}"; }
target_spirv() {
  case $1 in
    *spv*) echo "${1##*spv}" ;;
    vulkan1.0) echo 1.0 ;; vulkan1.1) echo 1.3 ;; vulkan1.2) echo 1.5 ;; vulkan1.3) echo 1.6 ;;
    *) return 1 ;;
  esac
}
glslang_target_args() {
  echo "--target-env vulkan$(target_vulkan "$1")"
  [[ $1 == *spv* ]] && echo "--target-env spirv$(target_spirv "$1")"
  return 0
}
# spirv-val knows vulkan1.1spv1.4 but no other explicit pairs; the plain Vulkan environment
# accepts every SPIR-V version up to its own.
val_env() {
  case $1 in
    vulkan1.1spv1.4) echo vulkan1.1spv1.4 ;;
    *) echo "vulkan$(target_vulkan "$1")" ;;
  esac
}
valid_target() {
  local v s
  v=$(target_vulkan "$1") && s=$(target_spirv "$1") || return 1
  case "$v/$s" in
    1.0/1.0 | 1.1/1.[0-4] | 1.2/1.[0-5] | 1.3/1.[0-6]) return 0 ;;
    *) return 1 ;;
  esac
}
# Plain Vulkan targets swept for the "@vulkanX.Y" variants.
SWEEP_TARGETS=(vulkan1.0 vulkan1.1 vulkan1.2 vulkan1.3)

stage_of() {
  local base=${1##*/}
  base=${base%.hlsl}
  case ${base##*.} in
    vert) echo vertex ;; frag) echo fragment ;; comp) echo compute ;; geom) echo geometry ;;
    tesc) echo tess-control ;; tese) echo tess-evaluation ;; mesh) echo mesh ;; task) echo task ;;
    rgen) echo raygen ;; rchit) echo closest-hit ;; rahit) echo any-hit ;; rmiss) echo miss ;;
    rint) echo intersection ;; rcall) echo callable ;;
    *) return 1 ;;
  esac
}

# ---------------------------------------------------------------------------------------------
# A job line is: kind <TAB> module <TAB> target <TAB> source <TAB> flags <TAB> variant
#   kind glsl: glslangValidator <target args> <flags> source
#   kind opt:  as glsl, then spirv-opt -O
#   kind link: spirv-link of the already built modules named (space-separated) in source
# flags are split on spaces (no quoting); "-" means none.

run_job() {
  local kind module target src flags variant out log valenv
  IFS=$'\t' read -r kind module target src flags variant <<<"$1"
  out="$OUT/$module.spv"
  log="$OUT/.log/$module.log"
  valenv=$(val_env "$target")
  echo "$module ($kind, target $target, flags: $flags)" >"$log"
  [[ $flags == - ]] && flags=
  {
    case $kind in
      glsl)
        # shellcheck disable=SC2046,SC2086
        (cd glsl && glslangValidator --quiet $(glslang_target_args "$target") $flags -o "$out" "$src") ;;
      opt)
        # shellcheck disable=SC2046,SC2086
        (cd glsl && glslangValidator --quiet $(glslang_target_args "$target") $flags -o "$out.unopt" "$src") &&
          spirv-opt -O --target-env="$valenv" "$out.unopt" -o "$out" && rm -f "$out.unopt" ;;
      link)
        local inputs=() m
        for m in $src; do inputs+=("$OUT/$m.spv"); done
        spirv-link --target-env "$valenv" "${inputs[@]}" -o "$out" ;;
    esac &&
      spirv-val --target-env vulkan1.3 "$out" &&
      spirv-val --target-env "$valenv" "$out"
  } >>"$log" 2>&1 || return 0
  rm -f "$log"
}

# Reads manifest.tsv and prints the compile jobs: the primary module, the newer-target sweep,
# the debug-info toggle, the spirv-opt variant and the permutations.
manifest_jobs() {
  local src target flags permute rest name t prim_spv plain where lineno=0
  while IFS=$'\t' read -r src target flags permute rest || [[ -n $src ]]; do
    lineno=$((lineno + 1))
    [[ -z $src || $src == \#* ]] && continue
    where="manifest.tsv:$lineno"
    [[ -z ${rest:-} ]] || die "$where: too many columns"
    [[ -f glsl/$src ]] || die "$where: no source glsl/$src"
    stage_of "$src" >/dev/null || die "$where: unknown stage suffix in $src"
    valid_target "$target" || die "$where: not a target: $target"
    [[ ${flags:--} == - ]] && flags=
    [[ ${permute:--} == - ]] && permute=
    name=${src##*/}
    name=${name%.hlsl}
    prim_spv=$(target_spirv "$target")
    # The primary module, exactly as listed.
    job glsl "$name" "$target" "$src" "$flags" primary
    # Variants carry no debug info (it would double their size), except the @debug one.
    plain=$(sed -E 's/(^| )-g(VS|V)?( |$)/ /g; s/^ +| +$//g' <<<"$flags")
    for t in "${SWEEP_TARGETS[@]}"; do
      if [[ $(target_spirv "$t") > $prim_spv && ! $(target_vulkan "$t") < $(target_vulkan "$target") ]]; then
        job glsl "$name@$t" "$t" "$src" "$plain" target
      fi
    done
    if [[ $plain != "$flags" ]]; then
      job glsl "$name@nodebug" "$target" "$src" "$plain" nodebug
    else
      job glsl "$name@debug" "$target" "$src" "-g${plain:+ $plain}" debug
    fi
    job opt "$name@opt" "$target" "$src" "$plain" opt
    if [[ -n $permute ]]; then
      local macros=() mask i set defs
      IFS=, read -r -a macros <<<"$permute"
      for ((mask = 1; mask < (1 << ${#macros[@]}); mask++)); do
        set= defs=$plain
        for ((i = 0; i < ${#macros[@]}; i++)); do
          if ((mask & (1 << i))); then
            set+="${set:++}${macros[i]}"
            defs+="${defs:+ }-D${macros[i]}"
          fi
        done
        job glsl "$name@$set" "$target" "$src" "$defs" permutation
      done
    fi
  done <manifest.tsv
}

job() { printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$1" "$2" "$3" "$4" "${5:--}" "$6"; }

link_jobs() {
  local name target inputs lineno=0
  while IFS=$'\t' read -r name target inputs || [[ -n $name ]]; do
    lineno=$((lineno + 1))
    [[ -z $name || $name == \#* ]] && continue
    valid_target "$target" || die "links.tsv:$lineno: not a target: $target"
    job link "$name" "$target" "$inputs" - link
  done <links.tsv
}

die() { echo "build.sh: $*" >&2; exit 1; }

run_all() { # jobs on stdin
  tr '\n' '\0' | xargs -0 -r -P "$JOBS" -n 1 "$SELF" --job
}

# Capabilities a module declares, in order, comma-separated.
capabilities() {
  spirv-dis --raw-id "$1" | awk '$1 == "OpCapability" { printf "%s%s", sep, $2; sep = "," }'
}

write_index() { # jobs file -> modules.tsv on stdout
  printf 'module\tkind\tvariant\tsource\tstage\ttarget\tspirv\tflags\tbytes\tcapabilities\n'
  local kind module target src flags variant stage m
  while IFS=$'\t' read -r kind module target src flags variant; do
    if [[ $kind == link ]]; then
      stage=
      for m in $src; do stage+="${stage:++}$(awk -F'\t' -v m="$m.spv" '$1 == m { print $5 }' "$OUT/.index.tmp")"; done
      src=${src// /+}
    else
      stage=$(stage_of "$src")
      src="glsl/$src"
    fi
    printf '%s.spv\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$module" "$kind" "$variant" "$src" "$stage" \
      "$target" "$(target_spirv "$target")" "$flags" "$(stat -c %s "$OUT/$module.spv")" \
      "$(capabilities "$OUT/$module.spv")" | tee -a "$OUT/.index.tmp"
  done
}

# ---------------------------------------------------------------------------------------------

if [[ ${1:-} == --job ]]; then
  OUT=$BUILD_OUT
  run_job "$2"
  exit 0
fi

CHECK=0
JOBS=$(nproc 2>/dev/null || echo 2)
while [[ $# -gt 0 ]]; do
  case $1 in
    --check) CHECK=1 ;;
    -j) JOBS=${2:?-j needs a number}; shift ;;
    -h | --help) sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) die "unknown argument: $1" ;;
  esac
  shift
done

for tool in glslangValidator spirv-val spirv-opt spirv-link spirv-dis; do
  command -v "$tool" >/dev/null || die "$tool not found (Debian: apt-get install glslang-tools spirv-tools)"
done
glslang_version=$(glslangValidator --version | sed -n 's/^Glslang Version: [0-9]*:\(.*\)/\1/p')
tools_version=$(spirv-val --version | sed -n 's/^SPIRV-Tools \(v[0-9.]*\).*/\1/p')
if [[ $glslang_version != 12.0.0 || $tools_version != v2023.1 ]]; then
  echo "build.sh: warning: built with glslang $glslang_version and SPIRV-Tools $tools_version;" \
    "the committed modules come from glslang 12.0.0 and SPIRV-Tools v2023.1, so bytes may differ" >&2
fi

OUT=$(mktemp -d "$PWD/.build.XXXXXX")
trap 'rm -rf "$OUT"' EXIT
mkdir "$OUT/.log"
export BUILD_OUT=$OUT

manifest_jobs >"$OUT/.jobs"
link_jobs >"$OUT/.links"
dups=$(cut -f2 "$OUT/.jobs" "$OUT/.links" | sort | uniq -d)
[[ -z $dups ]] || die "duplicate module names: $dups"

echo "build.sh: $(wc -l <"$OUT/.jobs") compile jobs, $(wc -l <"$OUT/.links") link jobs, $JOBS at a time" >&2
run_all <"$OUT/.jobs"
run_all <"$OUT/.links"

failures=$(find "$OUT/.log" -type f -name '*.log' | sort)
if [[ -n $failures ]]; then
  for f in $failures; do
    echo "==== ${f##*/}" >&2
    cat "$f" >&2
  done
  die "$(wc -l <<<"$failures") module(s) failed to compile or validate; spv/ left unchanged"
fi

: >"$OUT/.index.tmp"
sort -t$'\t' -k2,2 "$OUT/.jobs" | write_index >"$OUT/.index.body"
sort -t$'\t' -k2,2 "$OUT/.links" | write_index >>"$OUT/.index.body"
# Header first, rows sorted by module name.
{ head -n1 "$OUT/.index.body"; grep -v '^module	' "$OUT/.index.body" | sort -t$'\t' -k1,1; } >"$OUT/modules.tsv"

count=$(ls "$OUT" | grep -c '\.spv$')
bytes=$(cat "$OUT"/*.spv | wc -c)
if ((CHECK)); then
  if diff -r -q -x '.*' -x modules.tsv "$OUT" spv >/dev/null && cmp -s "$OUT/modules.tsv" modules.tsv; then
    echo "build.sh: ok: $count modules ($bytes bytes) match the committed spv/ and modules.tsv" >&2
    exit 0
  fi
  diff -r -q -x '.*' -x modules.tsv "$OUT" spv >&2 || true
  cmp "$OUT/modules.tsv" modules.tsv >&2 || true
  die "committed spv/ or modules.tsv differ from a fresh build; run ./build.sh and commit"
fi

rm -rf spv
mkdir spv
mv "$OUT"/*.spv spv/
mv "$OUT/modules.tsv" modules.tsv
echo "build.sh: ok: $count modules ($bytes bytes) in spv/, all accepted by spirv-val (vulkan1.3 and own target)" >&2
