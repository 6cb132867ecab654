#!/usr/bin/env bash
# The project's test command: build every target with warnings as errors, then run the suite.
set -euo pipefail
cd "$(dirname "$0")"
swift build --build-tests -Xswiftc -warnings-as-errors
swift test --skip-build
