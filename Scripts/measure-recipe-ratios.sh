#!/usr/bin/env bash
# Usage: Scripts/measure-recipe-ratios.sh [RUNS]
#
# Times every recipe twice with `compare --all --runs RUNS --json` (default 5) in a release build and
# combines the two runs into Benchmarks/recipe-ratios.json (`bench --recipe-ratios`), which
# `swift run guide` renders as the all-recipes table of Guide/performance.md. Run it on an idle
# machine: each run takes about six minutes on two cores, and anything else running shows up as
# spread between the runs. Not part of the test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-5}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
swift build -c release --product compare
swift build -c release --product bench
for run in 1 2; do
    echo "measure-recipe-ratios: run $run of 2 (progress on standard error)" >&2
    NO_COLOR=1 .build/release/compare --all --runs "$runs" --json > "$work/run$run.json"
done
.build/release/bench --recipe-ratios "$work/run1.json" "$work/run2.json"
