#!/usr/bin/env bash
# Benchmark: a pipeline of 5 stages (examples/pipelines/terrain) validated as a pipeline versus its
# 5 modules validated alone (target: at most +10 %). In-process CPU time of one thread, median of
# rounds; then the same through the command line (user+sys of the process) with spirv-val on the
# same 5 modules for scale, since the machine may be loaded.
# Usage: runtime/bench/pipeline-bench.sh [PIPELINE.json]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$root"
description="${1:-examples/pipelines/terrain/pipeline.json}"
./vkrules validate --help >/dev/null   # builds vkrules first when sources changed
# the benchmark helpers are test sources: they are not part of the runtime jar
cp="runtime/target/classes:runtime/target/test-classes:$(<runtime/target/classpath.txt)"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || uptime)"
java -cp "$cp" dev.vkrules.runtime.bench.PipelineBench "$description" 101
modules=$(java -cp "$cp" dev.vkrules.runtime.bench.PipelineModules "$description")
cpu() { /usr/bin/time -f "%U %S" "$@" >/dev/null 2>/tmp/pipeline-bench.$$ || true; tail -1 /tmp/pipeline-bench.$$ | awk '{printf "%.2f", $1 + $2}'; }
best() { local b=999; for _ in 1 2 3 4 5; do t=$(cpu "$@"); b=$(echo "$t $b" | awk '{print ($1 < $2) ? $1 : $2}'); done; echo "$b"; }
# shellcheck disable=SC2086
echo "command line, user+sys seconds (best of 5): modules alone $(best ./vkrules validate $modules)," \
  "as a pipeline $(best ./vkrules validate --pipeline "$description")"
oracle="$(ls -d ../shared/oracle/spirv-tools-* 2>/dev/null | sort -V | tail -1)"   # the newest: the pinned release
if [ -n "$oracle" ]; then
  # shellcheck disable=SC2086
  echo "spirv-val on the same modules, user+sys seconds: $(best sh -c "for m in $modules; do $oracle/spirv-val --target-env vulkan1.3 \$m; done")"
fi
rm -f /tmp/pipeline-bench.$$
