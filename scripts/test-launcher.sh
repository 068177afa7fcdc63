#!/usr/bin/env bash
# Tests the ./vkrules launcher in a fresh clone of this repository's HEAD: concurrent first runs
# all succeed and build once, it works from another directory, a build failure shows its cause,
# nothing rebuilds after a no-op, rule-check runs a touched rule without a build, and an edited
# rule makes the next validate regenerate only the checkers (once, for two concurrent calls) and
# report the edit. Slow (one Maven build, about a minute); run by hand: scripts/test-launcher.sh
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
git clone -q "$repo" "$work/clone"
clone="$work/clone"
fail() { echo "FAIL: $*" >&2; exit 1; }

# 1. Four simultaneous first runs from another directory: all finish with the README's verdict.
for i in 1 2 3 4; do
  (cd "$work" && rc=0 && { "$clone/vkrules" validate "$clone/examples/shaders" >"$work/out$i" 2>"$work/err$i" || rc=$?; }
    echo "$rc" >"$work/rc$i") &
done
wait
builds=0
for i in 1 2 3 4; do
  [[ $(<"$work/rc$i") == 1 ]] || fail "run $i exited $(<"$work/rc$i"): $(<"$work/err$i")"
  grep -q ' modules: ' "$work/out$i" || fail "run $i printed no summary"
  grep -q 'building with Maven' "$work/err$i" && builds=$((builds + 1))
done
[[ $builds == 1 ]] || fail "$builds of 4 concurrent runs built, expected 1"
echo "ok: 4 concurrent first runs, 1 build"

# 2. Nothing changed: no rebuild.
"$clone/vkrules" validate --allow-empty "$work" >/dev/null 2>"$work/err" || true
! grep -q 'building with Maven' "$work/err" || fail "rebuilt without a change"
echo "ok: no rebuild without a change"

# 3. A touched rule: rule-check compiles it itself, no build of any kind.
flat="$clone/rules/standalone/VUID-StandaloneSpirv-Flat-04744.yaml"
touch "$flat"
"$clone/vkrules" rule-check "$flat" >"$work/out" 2>"$work/err" || fail "rule-check failed: $(cat "$work/out" "$work/err")"
! grep -q -E 'building with Maven|regenerating' "$work/err" || fail "rule-check built: $(<"$work/err")"
grep -q 'all examples pass' "$work/out" || fail "rule-check printed no verdict: $(<"$work/out")"
echo "ok: rule-check after a touch, no build"

# 4. An edited rule: two concurrent validates, one regenerates the checkers (no Maven), both
# report the edited message.
sed -i 's/^  message: An Input variable of/  message: Edited, an Input variable of/' "$flat"
for i in 1 2; do
  ("$clone/vkrules" validate "$clone/examples/shaders" >"$work/out$i" 2>"$work/err$i" || true) &
done
wait
regenerated=0
for i in 1 2; do
  ! grep -q 'building with Maven' "$work/err$i" || fail "run $i ran Maven for a rule edit"
  grep -q 'regenerating the checkers' "$work/err$i" && regenerated=$((regenerated + 1))
  grep -q 'Flat-04744\] Edited, an Input variable' "$work/out$i" || fail "run $i missed the edit: $(<"$work/out$i")"
done
[[ $regenerated == 1 ]] || fail "$regenerated of 2 concurrent runs regenerated, expected 1"
echo "ok: an edited rule, 1 incremental rebuild for 2 concurrent runs, edit reported"

# 5. A rule file the generator rejects: the build fails with its message, exit 2.
rules=("$clone"/rules/standalone/*.yaml)   # not ls | head: with pipefail, ls may die of SIGPIPE
rule="${rules[0]}"
sed -i '0,/^authored:/s//authored:\n\tstatus: todo/' "$rule"
set +e
"$clone/vkrules" validate "$clone/examples/shaders" >/dev/null 2>"$work/err"
rc=$?
set -e
[[ $rc == 2 ]] || fail "broken build exited $rc"
grep -q "$(basename "$rule"):[0-9]*:[0-9]*: invalid yaml" "$work/err" || fail "build error not shown: $(cat "$work/err")"
echo "ok: a generator error is shown: $(grep -m1 'invalid yaml' "$work/err")"
