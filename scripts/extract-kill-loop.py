#!/usr/bin/env python3
# Real kill loop (after a build, e.g. ./vkrules --help): usage: scripts/extract-kill-loop.py NEW_SPEC_DIR N
# extract 1.4.335 over the 1.3.239 rules, SIGKILL at random moments, check every file.
import os, random, tempfile, shutil, signal, subprocess, sys, time
root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
cp = ":".join([root + "/runtime/target/classes", open(root + "/runtime/target/classpath.txt").read().strip(),
               root + "/generator/target/classes", open(root + "/generator/target/classpath.txt").read().strip()])
spec = sys.argv[1]
iters = int(sys.argv[2])
tmp = tempfile.mkdtemp()
base = tmp + "/base"
shutil.copytree(root + "/rules", base)
def tree(d):
    out = {}
    for dp, dn, fn in os.walk(d):
        for f in fn:
            p = os.path.join(dp, f)
            out[os.path.relpath(p, d)] = open(p, "rb").read()
    return out
def extract(out):
    return subprocess.Popen(["java", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Djruby.compile.invokedynamic=false",
        "-Djruby.jit.threshold=-1", "-cp", cp, "dev.vkrules.runtime.cli.Main", "extract", "--allow-shrink", "--spec", spec,
        "--out", out], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
old = tree(base)
fresh_dir = tmp + "/fresh"
shutil.copytree(base, fresh_dir)
t0 = time.time(); p = extract(fresh_dir); err = p.communicate()[1]; full = time.time() - t0
assert p.returncode == 0, err
fresh = tree(fresh_dir)
authored = [k for k, v in old.items() if k.endswith(".yaml") and b"\nauthored:\n  status: todo\n" not in v and b"authored:" in v]
changed = sum(1 for k in set(old) | set(fresh) if old.get(k) != fresh.get(k))
print(f"full run {full:.1f}s, {changed} files change, {len(authored)} authored rules")
random.seed(1)
mid = 0
for i in range(iters):
    d = f"{tmp}/run{i}"
    shutil.copytree(base, d)
    start = time.time()
    p = extract(d)
    # Wait for the first write, then kill a random moment into the write phase.
    while p.poll() is None:
        if any(os.stat(os.path.join(dp, f)).st_mtime > start for dp, dn, fn in os.walk(d) for f in fn):
            break
        time.sleep(0.02)
    time.sleep(random.uniform(0, 1.5))
    done = p.poll() is not None
    p.send_signal(signal.SIGKILL); p.wait()
    now = tree(d)
    for k, v in now.items():
        if k.endswith(".vkrules-tmp"): continue
        assert v == old.get(k) or v == fresh.get(k), f"run {i}: {k} neither old nor new"
    for k in authored:
        assert k in now or ("retired/" + k) in now, f"run {i}: authored {k} lost"
    partial = sum(1 for k in set(old) | set(fresh) if now.get(k) != old.get(k)) 
    if 0 < partial and now != fresh: mid += 1
    p = extract(d); err = p.communicate()[1]
    assert p.returncode == 0, err
    assert tree(d) == fresh, f"run {i}: rerun differs"
    shutil.rmtree(d)
    print(f"run {i}: killed {'after exit' if done else 'while running'}, {partial} files already new")
shutil.rmtree(tmp)
print(f"{iters} kills, {mid} in the middle of writing, all files old or new, rerun equals a clean run")
