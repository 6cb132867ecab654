#!/usr/bin/env python3
"""Prints, per recipe page, the longer side of each pair of pattern blocks the guide shows.

The pattern is what lies above `// MARK: - Driver`; it is cut into sections at top-level
`// MARK: - Title` lines, and section k of the Legacy file sits beside section k of the Modern
file. Usage: Scripts/pattern-lengths.py [package root]
"""
import glob, os, statistics, sys

root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..")

def sections(path):
    if not os.path.exists(path):
        return []
    lines = open(path, encoding="utf-8").read().rstrip("\n").split("\n")
    for i, line in enumerate(lines):
        if line.startswith("// MARK: - Driver"):
            lines = lines[:i]
            break
    parts = [[]]
    for line in lines:
        if line.startswith("// MARK: - "):
            parts.append([])
        else:
            parts[-1].append(line)
    result = []
    for part in parts:
        while part and not part[0].strip():
            part.pop(0)
        while part and not part[-1].strip():
            part.pop()
        result.append(len(part))
    if result and result[0] == 0 and len(result) > 1:
        result = result[1:]
    return result

rows = []
for legacy in sorted(glob.glob(os.path.join(root, "Sources/Legacy/*/*.swift"))):
    modern = legacy.replace("/Sources/Legacy/", "/Sources/Modern/")
    a, b = sections(legacy), sections(modern)
    blocks = [max(a[i] if i < len(a) else 0, b[i] if i < len(b) else 0) for i in range(max(len(a), len(b)))]
    rows.append((max(blocks), blocks, os.path.relpath(legacy, os.path.join(root, "Sources/Legacy"))))
rows.sort()
for longest, blocks, name in rows:
    print(f"{longest:4d}  {name:40s} blocks {blocks}")
fit = sum(1 for r in rows if r[0] <= 70)
print(f"{fit} of {len(rows)} pages ({100 * fit // len(rows)}%) have every block at most 70 lines; "
      f"median longest {statistics.median(r[0] for r in rows)}, longest {rows[-1][0]} ({rows[-1][2]})")
