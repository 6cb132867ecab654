#!/usr/bin/env bash
# The project's test command: build every target with warnings as errors, run every recipe once
# through `compare` (each must agree), then run the whole suite.
#
# The suite runs its tests one at a time (`--no-parallel`): the Legacy halves block Dispatch worker
# threads while they wait (that is what the legacy code does), and on Linux those threads are
# shared with the Swift cooperative pool, which is only as wide as the core count. Run in parallel
# on a 2-core machine, one test's blocked workers could starve another test's timers for seconds.
set -euo pipefail
cd "$(dirname "$0")"
swift build --build-tests -Xswiftc -warnings-as-errors
.build/debug/compare --all --runs 1 --pace test
swift test --skip-build --no-parallel
