#!/usr/bin/env bash
# Times `scan` on a generated tree of a million lines, and on one 100 MB line, in a release build.
# Not part of the test suite (no test asserts a duration). Needs /usr/bin/time (GNU time).
set -euo pipefail
cd "$(dirname "$0")/.."
lines="${1:-1000000}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
swift build -c release --product scan
.build/release/scan --generate-benchmark-tree "$work/tree" "$lines"
for output in --no-color --json; do
    /usr/bin/time -f "tree, $output: %e s wall, %M KB peak RSS" .build/release/scan "$output" "$work/tree" >/dev/null
done
python3 - "$work/oneline.swift" <<'PY'
import sys
chunk = 'let a = f((((x)))) + "s" ; DispatchQueue.main.async { g(y) } ; '
with open(sys.argv[1], "w") as f:
    f.write(chunk * (100 * 1024 * 1024 // len(chunk)) + "\n")
PY
/usr/bin/time -f "one 100 MB line: %e s wall, %M KB peak RSS" .build/release/scan --no-color "$work/oneline.swift" >/dev/null
