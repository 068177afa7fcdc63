#!/usr/bin/env bash
# Benchmark: the portability matrix of examples/corpus (>= 1,000 modules) against 40 bundled
# devices versus against one (target: at most 3x). Each module is parsed and checked once;
# only device obligations and capability requirements are evaluated per device.
# Usage: runtime/bench/matrix-bench.sh [DEVICES]   (prints the times and their ratio)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$root"
./vkrules validate --help >/dev/null   # builds vkrules first when sources changed
# the benchmark helpers are test sources: they are not part of the runtime jar
cp="runtime/target/classes:runtime/target/test-classes:$(<runtime/target/classpath.txt)"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || uptime)"
java -cp "$cp" dev.vkrules.runtime.bench.MatrixBench examples/corpus spec-sources/profiles/devices "${1:-40}"
