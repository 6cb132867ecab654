#!/usr/bin/env bash
# The project's test command: build every target with warnings as errors, run every recipe once
# through `compare` (each must agree), and run the whole suite.
#
# The suite runs its tests one at a time (`--no-parallel`): the Legacy halves block Dispatch worker
# threads while they wait (that is what the legacy code does), and on Linux those threads are
# shared with the Swift cooperative pool, which is only as wide as the core count. Run in parallel
# on a 2-core machine, one test's blocked workers could starve another test's timers for seconds.
#
# `compare --all` runs beside the suite, in its own process (its own Dispatch and cooperative
# pools): two thirds of its time is spent waiting for demonstration children to be found hung,
# with the CPU idle. Its output is printed after the suite's. No test asserts a duration, and the
# suite has passed with a whole ThreadSanitizer run beside it, so the extra load is safe.
set -euo pipefail
cd "$(dirname "$0")"
swift build --build-tests -Xswiftc -warnings-as-errors

compare_log="$(mktemp)"
.build/debug/compare --all --runs 1 --pace test > "$compare_log" 2>&1 &
compare_pid=$!
trap 'kill "$compare_pid" 2> /dev/null || true; rm -f "$compare_log"' EXIT

suite=0
swift test --skip-build --no-parallel || suite=$?
compare=0
wait "$compare_pid" || compare=$?
cat "$compare_log"
if [ "$compare" -ne 0 ]; then echo "test.sh: compare --all failed (exit $compare)" >&2; fi
if [ "$suite" -ne 0 ]; then echo "test.sh: the suite failed (exit $suite)" >&2; fi
[ "$compare" -eq 0 ] && [ "$suite" -eq 0 ]
