#!/usr/bin/env bash
# Start-up against spirv-val, in one run of rounds: one small module, and a directory of real
# modules in one process each (spirv-val's own directory mode, `spirv-val DIR`, since v2025.5).
# The spirv-val is the pinned spec's (runtime/bench/oracle.sh, from peers/spirv-tools-releases.tsv).
# Rows: vkrules as `./vkrules install` puts it (what a build calls: the runtime's launcher, no
# freshness test), ./vkrules validate (the development launcher: its bash and freshness test
# included), and the java command under other start-up choices: JDK 17 with the class-data
# archive, and picocli instead of the fast path (the command line's own cost).
# Build first (./vkrules --help). Prints wall and CPU (user + system) per row, medians of RUNS rounds.
# Usage: runtime/bench/startup-bench.sh [MODULE.spv] [DIR]   (RUNS=15 by default)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
module="${1:-$root/examples/shaders/pbr_metallic_roughness.frag.spv}"
dir="${2:-$root/examples/corpus/spv}"
oracle=$("$root/runtime/bench/oracle.sh")
spirv_val="$oracle/spirv-val"
target="$root/runtime/target"
[[ -f $target/vkrules.jar && -f $target/vkrules.jsa ]] || { echo "startup-bench: build first: ./vkrules --help" >&2; exit 2; }
"$root/vkrules" validate --help >/dev/null   # builds first when sources changed
prefix=$(mktemp -d)
trap 'rm -rf "$prefix"' EXIT
"$root/vkrules" install "$prefix" >/dev/null
installed="$prefix/bin/vkrules"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg); $(nproc) CPUs; $("$spirv_val" --version | head -1)"
echo "module: $module ($(stat -c %s "$module") bytes); directory: $dir ($(find "$dir" -name '*.spv' | wc -l) modules)"
main=dev.vkrules.runtime.cli.Main
j17="java -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -XX:PretenureSizeThreshold=1m -XX:SharedArchiveFile=$target/vkrules.jsa -Xlog:cds=off -cp $target/vkrules.jar $main"
rows=(-n "spirv-val, one module" "$spirv_val --target-env vulkan1.3 $module"
  -n "vkrules validate (installed), one module" "$installed validate --target-env vulkan1.3 $module"
  -n "./vkrules validate, one module" "$root/vkrules validate --target-env vulkan1.3 $module"
  -n "JDK 17 + CDS, one module" "$j17 validate --target-env vulkan1.3 $module"
  -n "JDK 17 + CDS + picocli, one module" "java -Dvkrules.picocli=true ${j17#java } validate --target-env vulkan1.3 $module")
rows+=(-n "spirv-val DIR" "$spirv_val --target-env vulkan1.3 $dir"
  -n "vkrules validate DIR (installed)" "$installed validate --target-env vulkan1.3 $dir"
  -n "./vkrules validate DIR" "$root/vkrules validate --target-env vulkan1.3 $dir")
# Rounds, not hyperfine's blocks: each round runs every row of its group once, in order, so a machine whose
# speed drifts (a shared host) moves all rows alike; the ratios are taken per round (the row
# against spirv-val's row of the same kind in the same round) and their median printed. Wall and
# CPU (user + system of the process and its children) are medians over the rounds. Exit codes
# are ignored (both tools exit non-zero when a module is invalid).
python3 - "${RUNS:-15}" "${rows[@]}" <<'PY'
import os, shlex, statistics, subprocess, sys, time
runs = int(sys.argv[1])
args = sys.argv[2:]
rows = [(args[i + 1], args[i + 2]) for i in range(0, len(args), 3)]
def once(cmd):
    r0 = os.times(); t0 = time.perf_counter()
    subprocess.run(shlex.split(cmd), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    t1 = time.perf_counter(); r1 = os.times()
    return t1 - t0, (r1.children_user - r0.children_user) + (r1.children_system - r0.children_system)
wall = {n: [] for n, _ in rows}; cpu = {n: [] for n, _ in rows}
# The one-module rows and the directory rows in rounds of their own: a directory run keeps both
# cores busy for a second, and the one-module run after it is slower (the host's CPU credit), so
# mixing them would measure one module after a directory, not as a build step runs it.
for group in ([r for r in rows if "DIR" not in r[0]], [r for r in rows if "DIR" in r[0]]):
    for _ in range(2):  # warm-up rounds (file cache, the launcher's freshness test)
        for _, cmd in group:
            once(cmd)
    for _ in range(runs):
        for n, cmd in group:
            w, c = once(cmd)
            wall[n].append(w); cpu[n].append(c)
def peer(n):
    return "spirv-val DIR" if "DIR" in n else "spirv-val, one module"
for n, _ in rows:
    ratio = ""
    if not n.startswith("spirv-val"):
        rs = [w / p for w, p in zip(wall[n], wall[peer(n)])]
        ratio = f"   {statistics.median(rs):5.2f}x spirv-val's wall (median of per-round ratios)"
    print(f"{n:<40} wall {statistics.median(wall[n])*1000:6.0f} ms   CPU {statistics.median(cpu[n])*1000:6.0f} ms{ratio}")
PY
