#!/usr/bin/env bash
# Benchmark: what reading debug information costs. The corpus holds 160 modules compiled twice
# from one source, with glslang -g (NAME@debug.spv: OpString, OpSource with the text, OpLine) and
# without (NAME.spv). Each set goes to a folder of its own; then, in ROUNDS interleaved rounds,
# one process validates each folder: the pinned spirv-val (its directory mode) and ./vkrules, and,
# when BASE is given, the vkrules of another checkout (BASE/vkrules: a build without source
# mapping, to show the cost on modules without debug information is nothing measurable).
# Prints the median wall and CPU (user + system) per tool and set, and the ratios to spirv-val in
# the same rounds.
# Usage: runtime/bench/debuginfo-bench.sh [ROUNDS] [BASE]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$root"
rounds="${1:-9}"
base="${2:-}"
PATH="$(runtime/bench/oracle.sh):$PATH"
command -v spirv-val >/dev/null || { echo "debuginfo-bench: spirv-val is not installed" >&2; exit 2; }
./vkrules validate --help >/dev/null   # builds vkrules first when sources changed
[[ -z "$base" ]] || "$base/vkrules" validate --help >/dev/null
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir "$work/with" "$work/without"
for f in examples/corpus/spv/*@debug.spv; do
  name="$(basename "${f%@debug.spv}")"
  cp "$f" "$work/with/$name.spv"
  cp "examples/corpus/spv/$name.spv" "$work/without/$name.spv"
done
TIMEFORMAT='%R %U %S'
declare -A walls cpus
# run KEY CMD...: one timed run, appended to the key's lists
run() {
  local key="$1"; shift
  local t
  t=$( { time "$@" >/dev/null 2>&1; } 2>&1 ) || true
  read -r wall user sys <<<"$t"
  walls[$key]+="$wall "
  cpus[$key]+="$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.3f", u + s }') "
}
median() { tr ' ' '\n' <<<"$1" | grep . | sort -g | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }

echo "machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg); spirv-val: $(spirv-val --version | head -1)"
echo "modules: $(ls "$work/with" | wc -l) per set, $(du -sk "$work/with" | cut -f1) KB with -g, $(du -sk "$work/without" | cut -f1) KB without; $rounds rounds"
for r in $(seq 1 "$rounds"); do
  for set in without with; do
    run "spirv-val $set" spirv-val --target-env vulkan1.3 "$work/$set"
    run "vkrules $set" ./vkrules validate --target-env vulkan1.3 "$work/$set"
    [[ -z "$base" ]] || run "base $set" "$base/vkrules" validate --target-env vulkan1.3 "$work/$set"
  done
done
printf '%-22s %10s %10s %12s %12s\n' "tool, set" "wall (s)" "CPU (s)" "wall ratio" "CPU ratio"
for set in without with; do
  sw=$(median "${walls[spirv-val $set]}"); sc=$(median "${cpus[spirv-val $set]}")
  for tool in spirv-val vkrules ${base:+base}; do
    w=$(median "${walls[$tool $set]}"); c=$(median "${cpus[$tool $set]}")
    printf '%-22s %10s %10s %12s %12s\n' "$tool, ${set} -g" "$w" "$c" \
      "$(awk -v a="$w" -v b="$sw" 'BEGIN { printf "%.2fx", a / b }')" \
      "$(awk -v a="$c" -v b="$sc" 'BEGIN { printf "%.2fx", a / b }')"
  done
done
