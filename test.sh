#!/usr/bin/env bash
# The project's test command: build every target with warnings as errors, run every recipe once
# through `compare` (each must agree; this also warms the binaries the suite's child processes
# use), then run the whole suite.
set -euo pipefail
cd "$(dirname "$0")"
swift build --build-tests -Xswiftc -warnings-as-errors
.build/debug/compare --all --runs 1 --pace test
swift test --skip-build
