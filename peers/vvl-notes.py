#!/usr/bin/env python3
"""Writes the `peers:` note into the authored block of every RuntimeSpirv rule that vkrules checks
(status declarative or native) and that Vulkan-ValidationLayers checks only at run time or not at
all, from peers/vvl-runtimespirv.tsv. Any other rule's `peers:` line written by this script is
removed. Idempotent; rewrites nothing else. Usage: peers/vvl-notes.py [--check]
(--check: exit 1 if a file would change)."""
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
TSV = ROOT / "peers" / "vvl-runtimespirv.tsv"
VVL = "0281c047"  # the layers/core_checks/cc_spirv.cpp version read (peers/vvl-runtimespirv.hits)
NOTES = {
    "run-time": "Vulkan-ValidationLayers reports this from GPU-assisted validation at run time, none of its"
                " creation-time sources read reports it (peers/vvl-runtimespirv.tsv); vkrules decides it offline.",
    "draw-time": "Vulkan-ValidationLayers reports this when a draw or dispatch is recorded or submitted, none of its"
                 " creation-time sources read reports it (peers/vvl-runtimespirv.tsv); vkrules decides it offline.",
    "not-found": f"Not among the VUIDs Vulkan-ValidationLayers' layers/ sources were found to report (read at VVL commit {VVL};"
                 " a lower bound, peers/vvl-runtimespirv.tsv); vkrules decides it offline from the module.",
}
MARK = "peers/vvl-runtimespirv.tsv"


def main() -> int:
    check = "--check" in sys.argv[1:]
    where = {}
    for line in TSV.read_text().splitlines():
        if line.startswith("#") or line.startswith("vuid\t") or not line:
            continue
        vuid, w, sources = line.split("\t")
        if w == "run-time" and "layers/gpuav/" not in sources:
            w = "draw-time"
        where[vuid] = w
    changed = []
    for path in sorted((ROOT / "rules" / "runtime").glob("*.yaml")):
        text = path.read_text()
        head, sep, authored = text.partition("\nauthored:\n")
        if not sep:
            continue
        status = re.search(r"^  status: (\S+)$", authored, re.M).group(1)
        note = NOTES.get(where.get(path.stem)) if status in ("declarative", "native") else None
        if note and re.search(r"^\s*(- )?pipeline: \{", authored.split("\n  examples:")[0], re.M):
            # a rule that reads pipeline state is decided from the module and its pipeline description
            note = note.replace("vkrules decides it offline from the module.", "vkrules decides it offline.")
            note = note.replace("vkrules decides it offline.", "vkrules decides it offline from a pipeline description (validate --pipeline).")
        lines = [l for l in authored.split("\n") if not (l.startswith("  peers: ") and MARK in l)]
        if note:
            at = next(i for i, l in enumerate(lines) if l.startswith("  status: "))
            if at + 1 < len(lines) and lines[at + 1].startswith("  reviewed-hash: "):
                at += 1
            lines.insert(at + 1, f'  peers: "{note}"')
        new = head + sep + "\n".join(lines)
        if new != text:
            changed.append(path.name)
            if not check:
                path.write_text(new)
    print(f"{len(changed)} rule file(s) {'would change' if check else 'changed'}")
    return 1 if check and changed else 0


if __name__ == "__main__":
    sys.exit(main())
