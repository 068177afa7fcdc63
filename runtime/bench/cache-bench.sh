#!/usr/bin/env bash
# Benchmark: `vkrules validate --cache DIR` over examples/corpus/spv, cold (an empty cache: every
# module parsed, checked and written) and warm (the same tree again: every module read, hashed and
# answered from the cache), against one `vkrules validate` without a cache and against the pinned
# spec's `spirv-val --target-env vulkan1.3` over the same directory in the same run (its directory
# mode, one process). Each is run RUNS times (default 3); the best wall time is printed with its
# CPU time (user + system, all threads), and the ratios. The cold and warm reports are compared
# byte for byte (the script fails when they differ).
# Usage: runtime/bench/cache-bench.sh [RUNS]
# spirv-val is the pinned spec's (runtime/bench/oracle.sh, from peers/spirv-tools-releases.tsv).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$root"
PATH="$(runtime/bench/oracle.sh):$PATH"
runs="${1:-3}"
command -v spirv-val >/dev/null || { echo "cache-bench: spirv-val is not installed" >&2; exit 2; }
./vkrules validate --help >/dev/null   # builds vkrules first when sources changed
corpus=examples/corpus/spv
n=$(find "$corpus" -name '*.spv' | wc -l)
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
TIMEFORMAT='%R %U %S'

# best NAME CMD...: runs CMD $runs times (stdout to $work/NAME.out); sets best_wall and best_cpu of the fastest.
best() {
  local name="$1"; shift
  best_wall="" best_cpu=""
  for _ in $(seq 1 "$runs"); do
    [[ $name == cold ]] && rm -rf "$work/cache"
    local t
    t=$( { time "$@" >"$work/$name.out" 2>"$work/$name.err"; } 2>&1 ) || true
    read -r wall user sys <<<"$t"
    local cpu
    cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }')
    if [[ -z $best_wall ]] || awk -v a="$wall" -v b="$best_wall" 'BEGIN { exit !(a < b) }'; then
      best_wall=$wall best_cpu=$cpu
    fi
  done
}

echo "machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg); $(java -version 2>&1 | head -1)"
echo "spirv-val: $(spirv-val --version | head -1)"
echo "tree: $corpus, $n modules, --target-env vulkan1.3, best of $runs"
best nocache ./vkrules validate --no-config --target-env vulkan1.3 "$corpus"
nocache_wall=$best_wall nocache_cpu=$best_cpu
best cold ./vkrules validate --no-config --target-env vulkan1.3 --cache "$work/cache" "$corpus"
cold_wall=$best_wall cold_cpu=$best_cpu
entries=$(find "$work/cache" -type f | wc -l)
size=$(du -sk "$work/cache" | cut -f1)
best warm ./vkrules validate --no-config --target-env vulkan1.3 --cache "$work/cache" "$corpus"
warm_wall=$best_wall warm_cpu=$best_cpu
best spirvval spirv-val --target-env vulkan1.3 "$corpus"
val_wall=$best_wall val_cpu=$best_cpu
cmp -s "$work/cold.out" "$work/warm.out" || { echo "cache-bench: the warm report differs from the cold one" >&2; exit 1; }
cmp -s "$work/nocache.out" "$work/cold.out" || { echo "cache-bench: the cold report differs from a run without cache" >&2; exit 1; }
[[ -s $work/warm.err ]] && { echo "cache-bench: the warm run wrote to standard error:" >&2; cat "$work/warm.err" >&2; exit 1; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
printf '%-34s %8s %8s\n' "" "wall s" "cpu s"
printf '%-34s %8s %8s\n' "vkrules, no cache" "$nocache_wall" "$nocache_cpu"
printf '%-34s %8s %8s\n' "vkrules --cache, cold" "$cold_wall" "$cold_cpu"
printf '%-34s %8s %8s\n' "vkrules --cache, warm" "$warm_wall" "$warm_cpu"
printf '%-34s %8s %8s\n' "spirv-val (one process)" "$val_wall" "$val_cpu"
echo "cache: $entries entries, $size KiB; warm report identical to cold: yes"
echo "warm / cold: $(ratio "$warm_wall" "$cold_wall") wall, $(ratio "$warm_cpu" "$cold_cpu") cpu"
echo "cold / no cache: $(ratio "$cold_wall" "$nocache_wall") wall"
echo "vkrules / spirv-val: no cache $(ratio "$nocache_wall" "$val_wall"), cold $(ratio "$cold_wall" "$val_wall")," \
  "warm $(ratio "$warm_wall" "$val_wall") (wall)"
