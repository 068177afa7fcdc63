#!/usr/bin/env bash
# Tests the ./vkrules launcher in a fresh clone of this repository's HEAD: concurrent first runs
# all succeed and build once, it works from another directory, a build failure shows its cause,
# nothing rebuilds after a no-op, rule-check runs a touched rule without a build, and an edited
# rule makes the next validate regenerate only the checkers (once, for two concurrent calls) and
# report the edit; help, --version and install never build; a build made with mvn by hand is
# adopted, so a rule edit after it is incremental; without Maven or a JDK, one line says what to
# install. Slow (two Maven builds, a few minutes); run by hand: scripts/test-launcher.sh
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
git clone -q "$repo" "$work/clone"
clone="$work/clone"
fail() { echo "FAIL: $*" >&2; exit 1; }

# 0. Before any build: help neither builds nor pretends; no Maven or no JDK is one line.
set +e
"$clone/vkrules" validate --help >"$work/out" 2>"$work/err"; rc=$?
set -e
[[ $rc == 2 ]] && ! grep -q 'building with Maven' "$work/err" && grep -q 'nothing built yet' "$work/err" \
  || fail "help before a build: exit $rc: $(<"$work/err")"
nomaven=$(mktemp -d)
ln -s "$(command -v java)" "$nomaven/java"; ln -s "$(command -v javac)" "$nomaven/javac"
for tool in bash find flock mkdir touch dirname cat; do ln -s "$(command -v $tool)" "$nomaven/$tool"; done
set +e
PATH=$nomaven "$clone/vkrules" validate "$clone/examples/shaders" >"$work/out" 2>"$work/err"; rc=$?
rm "$nomaven/java" "$nomaven/javac"
PATH=$nomaven "$clone/vkrules" validate "$clone/examples/shaders" >"$work/out" 2>>"$work/err"; rc2=$?
set -e
rm -rf "$nomaven"
[[ $rc == 2 && $rc2 == 2 && $(wc -l <"$work/err") == 2 ]] && grep -q 'needs Maven' "$work/err" && grep -q 'needs Java' "$work/err" \
  || fail "without Maven or java: exit $rc/$rc2: $(<"$work/err")"
echo "ok: help before a build, no Maven, no JDK: one line each, no build"

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

# 6. Help, --version and install after an edit: they run on the last build, never build.
git -C "$clone" checkout -q -- rules
touch "$clone/runtime/src/main/java/dev/vkrules/runtime/cli/Main.java"
for args in "--help" "--version" "validate --help" "coverage --help" "help validate" "install --help"; do
  # shellcheck disable=SC2086
  "$clone/vkrules" $args >"$work/out" 2>"$work/err" || fail "$args failed: $(<"$work/err")"
  ! grep -q -E 'building with Maven|regenerating' "$work/err" || fail "$args built"
  [[ -s $work/out ]] || fail "$args printed nothing"
done
"$clone/vkrules" install "$work/prefix" >"$work/out" 2>"$work/err" || fail "install failed: $(<"$work/err")"
! grep -q 'building with Maven' "$work/err" || fail "install built"
grep -q 'sources changed since the last build' "$work/err" || fail "install did not say the build is older: $(<"$work/err")"
echo "ok: help, --version and install after a source edit: no build"

# 7. A build made with Maven by hand is adopted: a rule edit after it is incremental.
(cd "$clone" && mvn -B -q -DskipTests -pl generator,runtime,tools -am package >"$work/mvn.log" 2>&1) || fail "mvn package: $(tail "$work/mvn.log")"
sed -i 's/^  message: An Input variable of/  message: Edited again, an Input variable of/' "$flat"
"$clone/vkrules" validate "$clone/examples/shaders" >"$work/out" 2>"$work/err" || true
! grep -q 'building with Maven' "$work/err" || fail "a rule edit after mvn package ran Maven: $(<"$work/err")"
grep -q 'regenerating the checkers' "$work/err" || fail "no incremental build: $(<"$work/err")"
grep -q 'Flat-04744\] Edited again, an Input variable' "$work/out" || fail "the edit is missing: $(<"$work/out")"
echo "ok: after mvn package by hand, a rule edit takes the incremental path"
