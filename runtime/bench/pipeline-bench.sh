#!/usr/bin/env bash
# Benchmark (issue 22: a pipeline of 5 stages validates in the time of its modules plus at most
# 10 %): examples/pipelines/terrain validated as a pipeline versus its 5 modules validated alone.
# 1. In one JVM, on one thread (PipelineBench): rounds interleaved (modules, pipeline, pipeline,
#    modules, ...), CPU time, after a warm-up long enough for the JIT to compile the description
#    reader and the links as it compiles the engine; the pipeline's time split into its parts.
# 2. The whole process, as a user runs it: `./vkrules validate --pipeline FILE.json` against
#    `./vkrules validate A.spv ... E.spv` (one process for the 5 modules), interleaved, user+sys
#    CPU seconds, median of RUNS runs each; spirv-val on the same 5 modules for scale.
# Both figures are printed against the target. CPU time, so load on the machine falls on both
# sides alike; the load average is printed first.
# Usage: runtime/bench/pipeline-bench.sh [PIPELINE.json] [ROUNDS] [WARMUP] [RUNS]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$root"
description="${1:-examples/pipelines/terrain/pipeline.json}"
rounds="${2:-1001}"
warmup="${3:-3000}"
runs="${4:-11}"
./vkrules validate --help >/dev/null   # builds vkrules first when sources changed
[[ -f runtime/target/test-classes/dev/vkrules/runtime/bench/PipelineBench.class ]] \
  || { echo "pipeline-bench: compile the test sources first: mvn -B -o -q -pl runtime -am test-compile" >&2; exit 2; }
# the benchmark helpers are test sources: they are not part of the runtime jar
cp="runtime/target/classes:runtime/target/test-classes:$(<runtime/target/classpath.txt)"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || uptime); $(nproc) CPUs"
java -cp "$cp" dev.vkrules.runtime.bench.PipelineBench "$description" "$rounds" "$warmup"
mapfile -t modules < <(java -cp "$cp" dev.vkrules.runtime.bench.PipelineModules "$description")
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
cpu() { /usr/bin/time -f "%U %S" "$@" >/dev/null 2>"$tmp" || true; tail -1 "$tmp" | awk '{printf "%.2f\n", $1 + $2}'; }
median() { sort -n | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'; }
alone=() piped=()
for ((i = 0; i < runs; i++)); do
  if ((i % 2 == 0)); then
    alone+=("$(cpu ./vkrules validate "${modules[@]}")")
    piped+=("$(cpu ./vkrules validate --pipeline "$description")")
  else
    piped+=("$(cpu ./vkrules validate --pipeline "$description")")
    alone+=("$(cpu ./vkrules validate "${modules[@]}")")
  fi
done
a=$(printf '%s\n' "${alone[@]}" | median)
p=$(printf '%s\n' "${piped[@]}" | median)
echo "whole process (./vkrules, user+sys seconds, median of $runs interleaved runs):" \
  "modules alone $a, as a pipeline $p"
awk -v a="$a" -v p="$p" 'BEGIN { r = p / a; printf "ratio: %.3f (target: at most 1.10): %s\n", r,
  r <= 1.10 ? "within the target" : "OVER the target" }'
oracle="$(ls -d ../shared/oracle/spirv-tools-* 2>/dev/null | sort -V | tail -1)"   # the newest: the pinned release
if [[ -n $oracle ]]; then
  vals=()
  for ((i = 0; i < 5; i++)); do
    vals+=("$(cpu sh -c 'for m; do "$0" --target-env vulkan1.3 "$m"; done' "$oracle/spirv-val" "${modules[@]}")")
  done
  echo "spirv-val on the same 5 modules, user+sys seconds (median of 5): $(printf '%s\n' "${vals[@]}" | median)"
fi
