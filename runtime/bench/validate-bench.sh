#!/usr/bin/env bash
# Benchmark: `vkrules validate` against `spirv-val --target-env vulkan1.3` on the same files.
#  (a) a directory of at least 1,000 modules (examples/corpus/spv, replicated COPIES times under other
#      names; by default as often as needed to reach 1,000):
#      one vkrules process for the directory versus one spirv-val process for it (its directory mode);
#  (b) single large modules (1 MB, 10 MB, from the toolkit's LargeModuleGenerator): vkrules' time per MB after JIT warm-up
#      (in one JVM) versus spirv-val's (one process per run, best of 3); then one ./vkrules process
#      per module, start-up included (best of 3).
# Wall time is what a user waits; CPU time (user + system, all threads and child processes)
# is printed too, as it is less distorted when other work shares the machine.
# Usage: runtime/bench/validate-bench.sh [COPIES]   (prints figures and ratios)
# spirv-val and spirv-as are the pinned spec's (runtime/bench/oracle.sh, from peers/spirv-tools-releases.tsv).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$root"
PATH="$(runtime/bench/oracle.sh):$PATH"
corpus=(examples/corpus/spv/*.spv)
# Default: as few copies as make at least 1,000 modules.
copies="${1:-$(( (1000 + ${#corpus[@]} - 1) / ${#corpus[@]} ))}"
for tool in spirv-as spirv-val; do
  command -v "$tool" >/dev/null || { echo "validate-bench: $tool is not installed" >&2; exit 2; }
done
./vkrules validate --help >/dev/null   # builds vkrules first when sources changed
# the benchmark helpers are test sources: they are not part of the runtime jar
cp="runtime/target/classes:runtime/target/test-classes:$(<runtime/target/classpath.txt)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
TIMEFORMAT='%R %U %S'

# timed OUT CMD...: runs CMD, stdout to OUT; sets $wall and $cpu (seconds).
timed() {
  local out="$1"; shift
  local t
  t=$( { time "$@" >"$out" 2>/dev/null; } 2>&1 ) || true
  read -r wall user sys <<<"$t"
  cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }')
}

echo "machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg); $(java -version 2>&1 | head -1)"
echo "spirv-val: $(spirv-val --version | head -1)"

# (a) directory
mkdir "$work/dir"
n=0
for c in $(seq 1 "$copies"); do
  for f in "${corpus[@]}"; do
    cp "$f" "$work/dir/$c-$(basename "$f")"
    n=$((n + 1))
  done
done
if (( n < 1000 )); then
  echo "validate-bench: only $n modules; pass COPIES so that the directory holds at least 1,000" >&2
  exit 2
fi
bytes=$(cat "$work"/dir/*.spv | wc -c)
echo
echo "(a) directory of $n modules ($((bytes / 1024)) KiB), --target-env vulkan1.3"
timed "$work/ours.txt" ./vkrules validate --target-env vulkan1.3 "$work/dir"
ours_wall=$wall ours_cpu=$cpu
t=$( { time spirv-val --target-env vulkan1.3 "$work/dir" >/dev/null 2>"$work/theirs.txt"; } 2>&1 ) || true
read -r theirs_wall user sys <<<"$t"
theirs_cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }')
echo "  vkrules validate DIR (one process):   wall ${ours_wall} s, cpu ${ours_cpu} s   $(tail -1 "$work/ours.txt")"
echo "  spirv-val DIR (one process):          wall ${theirs_wall} s, cpu ${theirs_cpu} s   $(grep -c '^error: ' "$work/theirs.txt") error lines"
awk -v a="$ours_wall" -v b="$theirs_wall" -v c="$ours_cpu" -v d="$theirs_cpu" 'BEGIN {
  printf "  ratio: vkrules takes %.2fx spirv-val'"'"'s wall time, %.2fx its cpu time\n", a / b, c / d }'

# (b) large modules
echo
echo "(b) single large modules, per MB (vkrules: after JIT warm-up, in one JVM; spirv-val: best of 3 processes)"
for mb in 1 10; do
  # The SPIR-V toolkit's generator: a call DAG, many types and constants, long blocks.
  java -cp "$cp" dev.vkrules.runtime.bench.LargeModuleGenerator $((mb * 1024 * 1024)) "$work/m$mb.spv"
  # The launcher's JIT flag (C1 only); the JVM's default collector, as a long-running process
  # that embeds the library would have (the launcher's serial GC suits one short run, not this loop).
  read -r _ size ms cpums runs verdict < <(java -XX:TieredStopAtLevel=1 ${VKRULES_JAVA_OPTS:-} -cp "$cp" \
      runtime/bench/ValidateBench.java time "$work/m$mb.spv" 5)
  best_wall="" best_cpu=""
  for i in 1 2 3; do
    timed /dev/null spirv-val --target-env vulkan1.3 "$work/m$mb.spv"
    best_wall=$(awk -v a="$wall" -v b="${best_wall:-$wall}" 'BEGIN { print (a < b ? a : b) }')
    best_cpu=$(awk -v a="$cpu" -v b="${best_cpu:-$cpu}" 'BEGIN { print (a < b ? a : b) }')
  done
  spirv-val --target-env vulkan1.3 "$work/m$mb.spv" >/dev/null 2>&1 && ok=accepted || ok=rejected
  awk -v mb="$size" -v ms="$ms" -v cms="$cpums" -v w="$best_wall" -v c="$best_cpu" -v runs="$runs" -v v="$verdict" -v ok="$ok" 'BEGIN {
    printf "  %5.2f MB: vkrules wall %6.1f ms/MB, cpu %6.1f ms/MB (%d timed runs, %s)   spirv-val wall %7.1f ms/MB, cpu %7.1f ms/MB (%s)   ratio wall %.1fx, cpu %.1fx\n",
      mb, ms / mb, cms / mb, runs, v, w * 1000 / mb, c * 1000 / mb, ok, (w * 1000) / ms, (c * 1000) / cms }'
  # What a user waits for one module: one ./vkrules process (start-up and JIT included), best of 3.
  sv_wall=$best_wall sv_cpu=$best_cpu best_wall="" best_cpu=""
  for i in 1 2 3; do
    timed /dev/null ./vkrules validate --target-env vulkan1.3 "$work/m$mb.spv"
    best_wall=$(awk -v a="$wall" -v b="${best_wall:-$wall}" 'BEGIN { print (a < b ? a : b) }')
    best_cpu=$(awk -v a="$cpu" -v b="${best_cpu:-$cpu}" 'BEGIN { print (a < b ? a : b) }')
  done
  awk -v w="$best_wall" -v c="$best_cpu" -v sw="$sv_wall" -v sc="$sv_cpu" 'BEGIN {
    printf "            one ./vkrules validate process: wall %.2f s, cpu %.2f s   one spirv-val process: wall %.2f s, cpu %.2f s   ratio wall %.1fx, cpu %.1fx\n",
      w, c, sw, sc, sw / w, sc / c }'
done
