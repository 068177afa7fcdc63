#!/usr/bin/env bash
# Start-up against spirv-val, in one hyperfine run: one small module, and a directory of real
# modules in one process each (spirv-val's own directory mode, `spirv-val DIR`, since v2025.5).
# The spirv-val is the pinned spec's (runtime/bench/oracle.sh, from peers/spirv-tools-releases.tsv).
# Rows: ./vkrules validate (what a user runs: the launcher's bash included), and the java command
# under each start-up choice: JDK 17 with the class-data archive, Temurin 25 with the AOT cache
# (when installed), and picocli instead of the fast path (the command line's own cost).
# Build first (./vkrules --help). Prints hyperfine's table, then wall and CPU (user + system) per row.
# Usage: runtime/bench/startup-bench.sh [MODULE.spv] [DIR]   (RUNS=15 by default)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
module="${1:-$root/examples/shaders/pbr_metallic_roughness.frag.spv}"
dir="${2:-$root/examples/corpus/spv}"
oracle=$("$root/runtime/bench/oracle.sh")
spirv_val="$oracle/spirv-val"
target="$root/runtime/target"
java25=/usr/lib/jvm/temurin-25-jdk-amd64/bin/java
command -v hyperfine >/dev/null || { echo "startup-bench: needs hyperfine (apt-get install hyperfine)" >&2; exit 2; }
[[ -f $target/vkrules.jar && -f $target/vkrules.jsa ]] || { echo "startup-bench: build first: ./vkrules --help" >&2; exit 2; }
"$root/vkrules" validate --help >/dev/null   # builds first when sources changed
json=$(mktemp)
trap 'rm -f "$json"' EXIT
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg); $(nproc) CPUs; $("$spirv_val" --version | head -1)"
echo "module: $module ($(stat -c %s "$module") bytes); directory: $dir ($(find "$dir" -name '*.spv' | wc -l) modules)"
main=dev.vkrules.runtime.cli.Main
j17="java -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -XX:PretenureSizeThreshold=1m -XX:SharedArchiveFile=$target/vkrules.jsa -Xlog:cds=off -cp $target/vkrules.jar $main"
rows=(-n "spirv-val, one module" "$spirv_val --target-env vulkan1.3 $module"
  -n "./vkrules validate, one module" "$root/vkrules validate --target-env vulkan1.3 $module"
  -n "JDK 17 + CDS, one module" "$j17 validate --target-env vulkan1.3 $module"
  -n "JDK 17 + CDS + picocli, one module" "java -Dvkrules.picocli=true ${j17#java } validate --target-env vulkan1.3 $module")
if [[ -x $java25 && -f $target/vkrules.aot ]]; then
  j25="$java25 -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -XX:PretenureSizeThreshold=1m -XX:AOTCache=$target/vkrules.aot -Xlog:aot=off -Xlog:cds=off -cp $target/vkrules.jar $main"
  rows+=(-n "Java 25 + AOT cache, one module" "$j25 validate --target-env vulkan1.3 $module")
fi
rows+=(-n "spirv-val DIR" "$spirv_val --target-env vulkan1.3 $dir"
  -n "./vkrules validate DIR" "$root/vkrules validate --target-env vulkan1.3 $dir")
# Both tools exit non-zero when a module is invalid: -i ignores exit codes.
hyperfine -N -i --warmup 2 --runs "${RUNS:-15}" --export-json "$json" --style basic "${rows[@]}" >/dev/null 2>&1
python3 - "$json" <<'PY'
import json, sys
for r in json.load(open(sys.argv[1]))["results"]:
    print(f"{r['command']:<40} wall {r['mean']*1000:7.0f} ms (median {r['median']*1000:5.0f})   CPU {(r['user'] + r['system'])*1000:6.0f} ms")
PY
