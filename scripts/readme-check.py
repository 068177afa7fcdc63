#!/usr/bin/env python3
"""Checks that the README shows what vkrules prints (run by .ci/run after the build).

A transcript is a fenced block whose first line starts with `$ `. Every transcript that starts with
`$ ./vkrules validate ...` or `$ ./vkrules coverage ...` (a command continued with a trailing
backslash is one command) is run from the project root, standard error merged into standard
output, and compared line by line with the block's other lines. A `$ echo $?` line in the block
compares the exit status. A line that is only `...` stands for any number of lines (the docs
shorten long outputs with it). Any other transcript, or one whose command names a file that is not
in the repository (the docs' own examples such as `shaders` or `bad.json`) or redirects its
output, cannot be run here: it must say why on the line before its fence,

    <!-- readme-check: skip: the commit differs on every build -->

and is then counted as skipped with that reason. A transcript that is neither checked nor says why
fails the check. Exit 0 when every checked block matches and every other one says why, 1
otherwise, with a unified diff of each mismatch.

Usage: scripts/readme-check.py [--update] [FILE.md...]   (default: README.md, docs/*.md, docs/updates/*.md)
  --update  rewrites each mismatched block without a `...` line to what vkrules prints now (for a
            reviewed change of output; a block with `...` is left for a person to shorten)
"""
import difflib
import glob
import os
import re
import shlex
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


SKIP = re.compile(r"^<!-- readme-check: skip: (.+?) -->$")


def fenced(text):
    """(first line number, lines, skip reason or None) of every fenced block, fences paired in order
    (```lang opens one too); the reason is that of a skip comment on the line before the fence."""
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        if lines[i].startswith("```"):
            m = SKIP.match(lines[i - 1].strip()) if i > 0 else None
            start = i + 1
            i += 1
            while i < len(lines) and not lines[i].startswith("```"):
                i += 1
            yield start + 1, lines[start:i], m.group(1) if m else None
        i += 1


def runnable(first):
    return first.startswith("$ ./vkrules validate") or first.startswith("$ ./vkrules coverage")


def blocks(text):
    """(line number, command, expected lines, expected exit status or None, skip reason or None) per
    transcript; the command is None for a transcript the script cannot run."""
    for first, lines, reason in fenced(text):
        if not lines or not lines[0].startswith("$ "):
            continue
        if not runnable(lines[0]):
            yield first, None, lines, None, reason
            continue
        command = lines[0][2:]
        i = 1
        while command.endswith("\\") and i < len(lines):
            command = command[:-1] + " " + lines[i].strip()
            i += 1
        expected, status = [], None
        rest = lines[i:]
        j = 0
        while j < len(rest):
            if rest[j] == "$ echo $?" and j + 1 < len(rest):
                status = int(rest[j + 1])
                j += 2
                continue
            expected.append(rest[j])
            j += 1
        yield first, command, expected, status, reason


def skip_reason(command):
    words = shlex.split(command, comments=True)
    if any(w in (">", ">>", "<", "|") or w.startswith(">") for w in words):
        return "redirects its output"
    args = words[2:]
    skip_value = False
    for a in args:
        if skip_value:
            skip_value = False
            continue
        if a in ("--target-env", "--format", "--matrix", "--max-findings-per-rule", "--fail-on", "--profile-name",
                 "--requirements", "--module-time-limit", "--ignore", "--spec-constant"):
            skip_value = True  # a value, not a path
            continue
        if a.startswith("-"):
            continue
        if not os.path.exists(os.path.join(ROOT, a)):
            return "names " + a + ", which is not in the repository"
    return None


def matches(expected, actual):
    """Whether actual fits expected, where a line `...` in expected stands for any lines."""
    pattern = "".join(r"(?:[^\n]*\n)*?" if line == "..." else re.escape(line) + r"\n" for line in expected)
    return re.fullmatch(pattern, "".join(line + "\n" for line in actual)) is not None


def check(path, update):
    """(checked, failed, skipped reasons) for one Markdown file; with update, rewrites what it can."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    lines_of_file = text.split("\n")
    name = os.path.relpath(path, ROOT)
    checked, skipped, failed, unexplained = 0, [], 0, 0
    replacements = []
    for line, command, expected, status, said in blocks(text):
        if said:
            # the file says why (a command that writes files, a measurement, a file of the reader's own)
            skipped.append("%s:%d (%s)" % (name, line, said))
            continue
        else:
            reason = "not a validate or coverage run" if command is None else skip_reason(command)
            if reason:
                unexplained += 1
                print("%s:%d: a transcript that is not checked (%s) and does not say why: put"
                      " <!-- readme-check: skip: REASON --> on the line before its fence" % (name, line, reason))
                continue
        words = shlex.split(command, comments=True)
        run = subprocess.run([os.path.join(ROOT, "vkrules")] + words[1:], cwd=ROOT, stdout=subprocess.PIPE,
                             stderr=subprocess.STDOUT, text=True)
        actual = run.stdout.rstrip("\n").split("\n") if run.stdout else []
        checked += 1
        if matches(expected, actual) and (status is None or status == run.returncode):
            continue
        if update and "..." not in expected:
            replacements.append((line, len(expected) + (0 if status is None else 2), actual, status, run.returncode))
            print("%s:%d: updated `%s`" % (name, line, command))
            continue
        failed += 1
        print("%s:%d: `%s` prints otherwise (exit %d%s):" % (name, line, command, run.returncode,
              "" if status is None else ", the file says %d" % status))
        for d in difflib.unified_diff(expected, actual, name, "now", lineterm="", n=1):
            print("  " + d)
    if replacements:
        for line, old_count, actual, status, code in sorted(replacements, reverse=True):
            # line is the block's first line (the command, 1-based); a continued command spans more
            start = line
            while lines_of_file[start - 1].endswith("\\"):
                start += 1
            new = list(actual) + ([] if status is None else ["$ echo $?", str(code)])
            lines_of_file[start:start + old_count] = new
        with open(path, "w", encoding="utf-8") as f:
            f.write("\n".join(lines_of_file))
    return checked, failed, skipped, unexplained


def main():
    args = sys.argv[1:]
    update = "--update" in args
    files = [a for a in args if a != "--update"] or (
        [os.path.join(ROOT, "README.md")] + sorted(glob.glob(os.path.join(ROOT, "docs", "*.md")))
        + sorted(glob.glob(os.path.join(ROOT, "docs", "updates", "*.md"))))
    checked, failed, skipped, unexplained = 0, 0, [], 0
    for path in files:
        c, f, s, u = check(path, update)
        checked, failed, skipped, unexplained = checked + c, failed + f, skipped + s, unexplained + u
    print("transcripts: %d checked, %d match, %d skipped%s%s" % (
        checked, checked - failed, len(skipped), (": " + "; ".join(skipped)) if skipped else "",
        "; %d neither checked nor saying why" % unexplained if unexplained else ""))
    return 1 if failed or unexplained else 0


if __name__ == "__main__":
    sys.exit(main())
