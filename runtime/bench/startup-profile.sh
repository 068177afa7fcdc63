#!/usr/bin/env bash
# Start-up profile of `vkrules validate` on one module: where the time of a run goes, part by part
# (the JVM's start, the command line, the engine for the target, the requirement tables, the
# checkers loaded on first use, the validation, the report), with the classes each part loads,
# and what the ./vkrules launcher's own bash work adds. The parts come from the runtime's own
# trace (-Dvkrules.startupTrace=true, dev.vkrules.runtime.engine.StartupTrace); each figure is the
# median of RUNS runs. Build first (./vkrules --help).
# Usage: runtime/bench/startup-profile.sh [MODULE.spv] [RUNS]
#   VKRULES_FORCE_PICOCLI=1     profile the command line through picocli instead of the fast path
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
module="${1:-$root/examples/shaders/pbr_metallic_roughness.frag.spv}"
runs="${2:-10}"
[[ -f $root/runtime/target/vkrules.jar ]] || { echo "startup-profile: build first: ./vkrules --help" >&2; exit 2; }
[[ -f $module ]] || { echo "startup-profile: no such module: $module" >&2; exit 2; }
# The launcher prints the java command it would run (VKRULES_PRINT_COMMAND), so this profiles exactly that.
mapfile -t cmd < <(VKRULES_PRINT_COMMAND=1 "$root/vkrules" validate "$module")
extra=()
if [[ -n ${VKRULES_FORCE_PICOCLI:-} ]]; then extra=(-Dvkrules.picocli=true); fi
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg); $(nproc) CPUs; $("${cmd[0]}" -version 2>&1 | head -1)"
echo "module: $module ($(stat -c %s "$module") bytes); median of $runs runs"
python3 - "$runs" "$root/vkrules" "$module" "${extra[@]}" -- "${cmd[@]}" <<'PY'
import os, re, statistics, subprocess, sys, time
args = sys.argv[1:]
sep = args.index("--")
runs, launcher, module, extra = int(args[0]), args[1], args[2], args[3:sep]
cmd = args[sep + 1:]
java, rest = cmd[0], cmd[1:]
main_at = rest.index("dev.vkrules.runtime.cli.Main")
flags, main_args = rest[:main_at], rest[main_at:]

def run(argv, trace=True, log=False):
    pre = list(extra)
    if trace:
        pre += ["-Dvkrules.startupTrace=true", "-Dvkrules.launchMicros=%d" % (time.time_ns() // 1000)]
    if log:
        pre += ["-Xlog:class+load:stderr"]
    t0 = time.perf_counter(); r0 = os.times()
    p = subprocess.run([argv[0]] + flags + pre + main_args if argv is cmd else argv,
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    r1 = os.times()
    return p.stderr, time.perf_counter() - t0, (r1.children_user - r0.children_user) + (r1.children_system - r0.children_system)

parts = {}
for _ in range(runs):
    err, _, _ = run(cmd)
    for m in re.finditer(r"vkrules-trace: part (.+?)\s+([0-9.]+) ms", err):
        parts.setdefault(m.group(1).strip(), []).append(float(m.group(2)))

# classes loaded per part: the class-load log and the trace's marks on one stream
err, _, _ = run(cmd, log=True)
classes, count, total = {}, 0, 0
for line in err.splitlines():
    if "[class,load]" in line:
        count += 1; total += 1
    elif line.startswith("vkrules-trace: mark "):
        part = line[len("vkrules-trace: mark "):]
        classes[part] = classes.get(part, 0) + count
        count = 0
jvm_part = next((p for p in parts if p.startswith("JVM")), None)
if jvm_part and "JVM" in classes:
    classes[jvm_part] = classes.pop("JVM")

print(f"{'part':<48} {'ms':>8} {'classes':>8}")
for p, v in parts.items():
    c = classes.get(p)
    print(f"{p:<48} {statistics.median(v):8.1f} {('' if c is None else c):>8}")
print(f"{'(classes loaded in all)':<48} {'':>8} {total:>8}")

def timed(argv, n):
    walls, cpus = [], []
    for _ in range(n):
        _, w, c = run(argv, trace=False) if argv is cmd else (None, *run_plain(argv))
        walls.append(w); cpus.append(c)
    return statistics.median(walls) * 1000, statistics.median(cpus) * 1000

def run_plain(argv):
    t0 = time.perf_counter(); r0 = os.times()
    subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    r1 = os.times()
    return time.perf_counter() - t0, (r1.children_user - r0.children_user) + (r1.children_system - r0.children_system)

w_java, c_java = timed(cmd, runs)
w_launch, c_launch = timed([launcher, "validate", module], runs)
w_vm, c_vm = timed([java] + flags + ["-version"], runs)
print(f"{'java -version with the same flags (JVM alone)':<48} {w_vm:8.1f}   cpu {c_vm:.1f} ms")
print(f"{'java ... validate (no trace), whole run':<48} {w_java:8.1f}   cpu {c_java:.1f} ms")
print(f"{'./vkrules validate, whole run':<48} {w_launch:8.1f}   cpu {c_launch:.1f} ms")
print(f"{'  of which the launcher (bash, freshness test)':<48} {w_launch - w_java:8.1f}   cpu {c_launch - c_java:.1f} ms")
PY
