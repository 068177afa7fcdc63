#!/usr/bin/env bash
# Benchmark: what validating at store scale costs per task and per module (docs/at-scale.md).
#  (a) in one JVM, through the library entry point a distributed task calls (VkRules, modules as
#      bytes in memory, one device): the first pass, the warm CPU time per module and per MB on one
#      thread, one module's time distribution, the throughput of all cores sharing one VkRules,
#      and the cost of hashing each module for dedupe (runtime/bench/ScaleBench.java);
#  (b) whole processes, as a task that starts vkrules per archive would: `vkrules validate` of one
#      module and of the directory, with the same device, median of RUNS; the difference over the
#      modules is the per-module cost inside a process, the one-module run the per-process cost.
# Usage: runtime/bench/scale-bench.sh [ROUNDS] [RUNS]   (defaults 15 and 5)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$root"
rounds="${1:-15}"
runs="${2:-5}"
dir=examples/corpus/spv
profile=spec-sources/profiles/devices/vp_gpuinfo_nvidia_geforce_rtx_4070_551_61_0_0_windows_11.json
./vkrules validate --help >/dev/null   # builds vkrules first when sources changed
cp="runtime/target/classes:$(<runtime/target/classpath.txt)"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg); $(nproc) CPUs; $(java -version 2>&1 | head -1)"
echo "commit: $(git rev-parse --short HEAD)$(git diff --quiet HEAD -- runtime || echo ' (runtime changed since)')"
java -cp "$cp" runtime/bench/ScaleBench.java "$dir" "$profile" "$rounds" "$(nproc)"

# median WALL and CPU (user + system) seconds of RUNS runs of a command, its output discarded
median() {
  local walls=() cpus=() line
  TIMEFORMAT='%R %U %S'
  for _ in $(seq "$runs"); do
    line=$( { time "$@" >/dev/null 2>&1; } 2>&1 ) || true
    read -r w u s <<<"$line"
    walls+=("$w")
    cpus+=("$(printf '%.3f' "$(echo "$u + $s" | bc)")")
  done
  printf '%s %s\n' "$(printf '%s\n' "${walls[@]}" | sort -n | sed -n "$(( (runs + 1) / 2 ))p")" \
    "$(printf '%s\n' "${cpus[@]}" | sort -n | sed -n "$(( (runs + 1) / 2 ))p")"
}
files=("$dir"/*.spv)
one="${files[0]}"
count=${#files[@]}
read -r w1 c1 <<<"$(median ./vkrules validate --no-config --target-env vulkan1.3 --profile "$profile" "$one")"
read -r wn cn <<<"$(median ./vkrules validate --no-config --target-env vulkan1.3 --profile "$profile" "$dir")"
echo "process, one module:       ${w1} s wall, ${c1} s CPU (median of $runs)"
echo "process, $count modules: ${wn} s wall, ${cn} s CPU (median of $runs)"
printf 'in a process, per module beyond the first: %.2f ms wall, %.2f ms CPU\n' \
  "$(echo "scale=4; ($wn - $w1) * 1000 / ($count - 1)" | bc)" "$(echo "scale=4; ($cn - $c1) * 1000 / ($count - 1)" | bc)"
