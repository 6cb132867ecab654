#!/usr/bin/env python3
"""Refreshes the `scan` excerpt in README.md from real output.

`ScanCLITests.theReadmeExcerptIsRealOutput` checks that every line of the excerpt is printed by
`scan --no-color Tests/ScanTests/Fixtures`. A new recipe's `replaces:` can change those lines (a
finding's first recipe, its "(also …)" list, the summary, the reading order). This keeps the
excerpt's choice of findings and rows and rewrites each from the current output.

Usage: swift build --product scan && python3 Scripts/update-readme-scan-excerpt.py
"""
import re
import subprocess
import sys

output = subprocess.run(
    [".build/debug/scan", "--no-color", "Tests/ScanTests/Fixtures"],
    capture_output=True, text=True, check=True).stdout.split("\n")

finding = re.compile(r"^(Tests/\S+:\d+:\d+): ")


def blocks(lines):
    """Findings keyed by `path:line:column`, each with its indented lines."""
    result, key = {}, None
    for line in lines:
        match = finding.match(line)
        if match:
            key = match.group(1)
            result[key] = [line]
        elif key and line.startswith("  "):
            result[key].append(line)
        else:
            key = None
    return result


printed = blocks(output)
readme = open("README.md").read()
start = readme.index("```text\nTests/ScanTests/Fixtures/") + len("```text\n")
end = readme.index("```", start)
excerpt = readme[start:end].split("\n")

new, index = [], 0
while index < len(excerpt):
    line = excerpt[index]
    match = finding.match(line)
    if match:
        key = match.group(1)
        if key not in printed:
            sys.exit(f"scan no longer reports {key}: choose another finding for the excerpt")
        new += printed[key]
        index += 1
        while index < len(excerpt) and excerpt[index].startswith("  "):
            index += 1
        continue
    row = re.match(r"^(\d+)\.\s", line)
    if row:  # a reading-order row: the row with the same rank now
        rank = row.group(1) + "."
        new.append(next(o for o in output if o.startswith(rank + " ")))
    elif re.match(r"^\d+ findings in ", line):
        new.append(next(o for o in output if re.match(r"^\d+ findings in ", o)))
    else:
        new.append(line)
    index += 1

open("README.md", "w").write(readme[:start] + "\n".join(new) + readme[end:])
print("README.md: scan excerpt refreshed" if new != excerpt else "README.md: scan excerpt already current")
