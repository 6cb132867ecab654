#!/usr/bin/env bash
# The project's test command: build every target (the manifest makes every warning an error, so
# this is the same build `swift build` and `swift run compare` use), then run the whole suite.
#
# The suite runs its tests one at a time (`--no-parallel`): the Legacy halves block Dispatch worker
# threads while they wait (that is what the legacy code does), and on Linux those threads are
# shared with the Swift cooperative pool, which is only as wide as the core count. Run in parallel
# on a 2-core machine, one test's blocked workers could starve another test's timers for seconds.
#
# What each layer of the suite catches is in CONTRIBUTING.md ("What the tests check").
# `compare --all` (every recipe through the CLI, measured) is not part of it: CI runs it.
set -euo pipefail
cd "$(dirname "$0")"
swift build --build-tests
swift test --skip-build --no-parallel
