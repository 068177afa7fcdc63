#!/usr/bin/env bash
# Benchmark: `vkrules validate` against `spirv-val --target-env vulkan1.3` on the same files.
#  (a) a directory of at least 1,000 modules (the corpus, replicated under other names):
#      one vkrules process for the directory versus one spirv-val process per file;
#  (b) single large modules (1 MB, 10 MB, generated): vkrules' time per MB after JIT warm-up
#      (in one JVM) versus spirv-val's (one process per run, best of 3).
# Usage: runtime/bench/validate-bench.sh [COPIES]   (needs spirv-tools; prints figures and ratios)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$root"
copies="${1:-2}"
for tool in spirv-as spirv-val; do
  command -v "$tool" >/dev/null || { echo "validate-bench: $tool is not installed" >&2; exit 2; }
done
./vkrules validate --help >/dev/null   # builds vkrules first when sources changed
cp="runtime/target/classes:$(<runtime/target/classpath.txt)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

now() { date +%s.%N; }
secs() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", b - a }'; }

echo "machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg); $(java -version 2>&1 | head -1)"
echo "spirv-val: $(spirv-val --version | head -1)"

# (a) directory
mkdir "$work/dir"
n=0
for c in $(seq 1 "$copies"); do
  for f in examples/corpus/spv/*.spv; do
    cp "$f" "$work/dir/$c-$(basename "$f")"
    n=$((n + 1))
  done
done
bytes=$(cat "$work"/dir/*.spv | wc -c)
echo
echo "(a) directory of $n modules ($((bytes / 1024)) KiB), --target-env vulkan1.3"
t0=$(now)
summary=$(./vkrules validate --target-env vulkan1.3 "$work/dir" | tail -1)
t1=$(now)
rejected=0
for f in "$work"/dir/*.spv; do
  spirv-val --target-env vulkan1.3 "$f" >/dev/null 2>&1 || rejected=$((rejected + 1))
done
t2=$(now)
ours=$(secs "$t0" "$t1")
theirs=$(secs "$t1" "$t2")
echo "  vkrules validate DIR (one process):  ${ours} s   $summary"
echo "  spirv-val per file ($n processes):   ${theirs} s   $rejected rejected"
awk -v a="$ours" -v b="$theirs" 'BEGIN { printf "  ratio: vkrules is %.1fx faster (target: at least 3x)\n", b / a }'

# (b) large modules
echo
echo "(b) single large modules, time per MB (vkrules: after JIT warm-up, in one JVM; spirv-val: best of 3 processes)"
for mb in 1 10; do
  java -cp "$cp" runtime/bench/ValidateBench.java gen "$mb" "$work/m$mb.spvasm"
  spirv-as --target-env vulkan1.3 "$work/m$mb.spvasm" -o "$work/m$mb.spv"
  rm "$work/m$mb.spvasm"
  read -r _ size ms runs verdict < <(java ${VKRULES_JAVA_OPTS:-} -cp "$cp" runtime/bench/ValidateBench.java time "$work/m$mb.spv" 5)
  best=""
  for i in 1 2 3; do
    t0=$(now)
    spirv-val --target-env vulkan1.3 "$work/m$mb.spv" >/dev/null 2>&1 && ok=accepted || ok=rejected
    t1=$(now)
    s=$(secs "$t0" "$t1")
    best=$(awk -v a="$s" -v b="${best:-$s}" 'BEGIN { print (a < b ? a : b) }')
  done
  awk -v mb="$size" -v ms="$ms" -v s="$best" -v runs="$runs" -v v="$verdict" -v ok="$ok" 'BEGIN {
    ours = ms / mb; theirs = s * 1000 / mb;
    printf "  %5.2f MB: vkrules %7.1f ms (%6.1f ms/MB, %d timed runs, %s)   spirv-val %7.1f ms (%6.1f ms/MB, %s)   ratio %.1fx\n",
      mb, ms, ours, runs, v, s * 1000, theirs, ok, theirs / ours }'
done
