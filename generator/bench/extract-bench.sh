#!/usr/bin/env bash
# Benchmark: times the whole `vkrules extract` process (JVM start included) several times.
# Usage: generator/bench/extract-bench.sh [RUNS] [SPEC_DIR]   (default 5 runs of spec-sources/)
# Prints per-run wall and CPU time, the run's own breakdown (--timings: AsciidoctorJ start,
# vk.xml, directive scan, spec/ attribute and title scan, AsciiDoc parse, write), then
# min/median and the load average.
# Runs java directly with the launcher's flags, so no Maven freshness check is timed.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
runs="${1:-5}"
spec="$(cd "${2:-$root/spec-sources}" && pwd)"
"$root/vkrules" --version >/dev/null   # builds if needed
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
cmd=("$root/vkrules" extract --spec "$spec" --out "$out/rules" --timings)
walls=()
for i in $(seq 1 "$runs"); do
  rm -rf "$out/rules"
  start=$(date +%s%N)
  /usr/bin/time -f "cpu %U user + %S sys s" -o "$out/time" "${cmd[@]}" > "$out/log"
  end=$(date +%s%N)
  wall=$(( (end - start) / 1000000 ))
  walls+=("$wall")
  echo "run $i: wall ${wall} ms, $(cat "$out/time")"
  sed -n 's/^/    /; /timings/,$p' "$out/log"
done
sorted=($(printf '%s\n' "${walls[@]}" | sort -n))
echo "extract of $spec over $runs runs: min ${sorted[0]} ms, median ${sorted[$(( runs / 2 ))]} ms (load average: $(cut -d' ' -f1-3 /proc/loadavg))"
