#!/usr/bin/env bash
# Start-up of the runnable jar against spirv-val, measured in the same run with hyperfine:
# `--help`, and validating one small module. Build first: mvn -B -pl generator,runtime -am package -DskipTests
# Usage: runtime/bench/startup-bench.sh [SPIRV_VAL] [MODULE.spv]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
spirv_val="${1:-${SPIRV_VAL:-$root/../shared/oracle/spirv-tools-vulkan-sdk-1.4.335.0/spirv-val}}"
module="${2:-$root/examples/shaders/invalid-integer-varying-not-flat.spv}"
jar="$root/runtime/target/vkrules.jar"
jsa="$root/runtime/target/vkrules.jsa"
command -v hyperfine >/dev/null || { echo "startup-bench: needs hyperfine (apt-get install hyperfine)" >&2; exit 2; }
[[ -f $jar && -f $jsa ]] || { echo "startup-bench: build first: mvn -B -pl generator,runtime -am package -DskipTests" >&2; exit 2; }
[[ -x $spirv_val ]] || { echo "startup-bench: no spirv-val at $spirv_val" >&2; exit 2; }
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg); $(nproc) CPUs; $(java -version 2>&1 | head -1)"
# The JVM flags of the ./vkrules launcher for validate.
fast="-XX:TieredStopAtLevel=1 -XX:+UseSerialGC -XX:PretenureSizeThreshold=1m -XX:SharedArchiveFile=$jsa -Xlog:cds=off"
# validate exits 1 on this module (it breaks a rule), as spirv-val does: -i ignores the exit code.
hyperfine -N -i --warmup 2 --runs "${RUNS:-15}" --export-json "${JSON:-/dev/null}" --export-markdown "${OUT:-/dev/stdout}" \
  -n "spirv-val (one module)" "$spirv_val --target-env vulkan1.3 $module" \
  -n "java -jar vkrules.jar --help" "java -jar $jar --help" \
  -n "vkrules.jar --help, C1 + serial GC + CDS" "java $fast -jar $jar --help" \
  -n "java -jar vkrules.jar validate (one module)" "java -jar $jar validate $module" \
  -n "vkrules.jar validate, C1 + serial GC + CDS" "java $fast -jar $jar validate $module"
# CPU time (user + system) is what a build that validates each shader pays, and is less
# sensitive than wall time to other load on the machine.
if [[ ${JSON:-} ]]; then
  python3 - "$JSON" <<'PY'
import json, sys
for r in json.load(open(sys.argv[1]))["results"]:
    print(f"{r['command']}: wall {r['mean']*1000:.0f} ms, CPU {(r['user'] + r['system'])*1000:.0f} ms")
PY
fi
