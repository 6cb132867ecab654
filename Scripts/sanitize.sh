#!/usr/bin/env bash
# Usage: Scripts/sanitize.sh            the suite under ThreadSanitizer (what CI's step 2 runs)
#        Scripts/sanitize.sh --record   the same, then, if it passed on a clean tree, writes
#                                       .ci/sanitized: the fingerprint of the code it ran on
#        Scripts/sanitize.sh --recorded exits 0 when .ci/sanitized names this tree's fingerprint
#        Scripts/sanitize.sh --fingerprint   prints it
#
# The fingerprint is a SHA-256 of the toolchain's version line and of the blob ids git keeps for
# everything the sanitized suite compiles or reads: Package.swift, Sources/, Tests/ (Markdown prose
# left out: no recipe code runs it), .ci/tsan.supp and this script, which holds the step's command.
# One changed line of code, a test, a suppression or a skip changes it; a page's prose does not.
# CI skips the sanitized build when .ci/sanitized names the fingerprint of the code it checks out:
# that exact code already passed this step, on the same kind of machine (see CONTRIBUTING.md, CI).
set -euo pipefail
cd "$(dirname "$0")/.."

paths=(Package.swift Sources Tests .ci/tsan.supp Scripts/sanitize.sh ':(exclude)*.md')
record=.ci/sanitized

fingerprint() {
    {
        swift --version 2> /dev/null | head -n 1
        git ls-files -s -- "${paths[@]}"
    } | sha256sum | cut -d ' ' -f 1
}

case "${1:-}" in
    --fingerprint)
        fingerprint
        exit 0
        ;;
    --recorded)
        [ -f "$record" ] && grep -qx "fingerprint $(fingerprint)" "$record"
        exit $?
        ;;
    --record | "") ;;
    *)
        echo "usage: $0 [--record | --recorded | --fingerprint]" >&2
        exit 2
        ;;
esac

if [ "${1:-}" = --record ] && [ -n "$(git status --porcelain -- "${paths[@]}")" ]; then
    echo "sanitize: commit or stash the changes to the sanitized code first (git status):" >&2
    git status --short -- "${paths[@]}" >&2
    exit 1
fi

# Skipped here, each run by step 1 and none running recipe code in this process:
# - GuideFreshnessTests checks the pages' text; it reruns every child-process demo in a sanitized,
#   ten-times-slower process, where an instrumented child now and then ends differently than on
#   the page (a race there would still be reported by ParityTests, which runs every scenario here).
# - CopyCompletenessTests, AvailabilityTests, RulesTests and DiagnosticsTests run the compiler and
#   read the toolchain's interfaces; the programs under Rules/ and Diagnostics/ run as child
#   processes of their own.
# - ScanTests (one thread, bytes in, text out), DocCCatalogTests (text), CompareCLITests (the CLI as
#   a child process; step 3 runs it on every recipe), BenchOutputTests (`bench --tiny` as child
#   processes, 43 s sanitized), SourceLintTests, FrontDoorTests and PluginManifestTests (text).
# - Contended locks, where what the sanitizer spends depends on how often the lock is contended,
#   not on the code: PhotoManagerTests' many-writers test of the Mutex variant (80,000 contended
#   adds, each the kernel hand-over described in .ci/tsan.supp, a report the sanitizer builds in
#   full before the suppression drops it: once over ten minutes on one report's stack),
#   SynchronizedCounterTests' forty thousand increments (43 s), SemaphoreCounterTests' four callers
#   (9 s in one clean-clone run, 208 s in the next), SharedCounterTests' Mutex and actor counts
#   (5 s, then 39 s).
# ParityTests runs each scenario up to 3 times (PARITY_REPETITIONS=3, as step 1 does; a scenario
# stops repeating half a second after its first run): a race the sanitizer can see needs both
# accesses in one run, and a rare interleaving more runs. Sanitized on 2026-11-28 (warm build, idle
# machine): 1 repetition 49.5 s, 3 repetitions 70.6 s.
export TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1 suppressions=$PWD/.ci/tsan.supp"
export PARITY_REPETITIONS=3
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
start=$(date +%s)
swift test --sanitize=thread --no-parallel --scratch-path .build-tsan \
    --skip GuideFreshnessTests --skip CopyCompletenessTests --skip AvailabilityTests \
    --skip 'ScanTests\.' --skip DocCCatalogTests --skip CompareCLITests --skip BenchOutputTests \
    --skip RulesTests --skip DiagnosticsTests \
    --skip mutexVariantAnnouncesPhotosInTheOrderOfTheArrayWithManyWriters \
    --skip bothSidesCountFortyThousand --skip fourCallersCountEveryIncrement \
    --skip modernMutexAndActorCountEveryIncrement --skip SourceLintTests --skip FrontDoorTests \
    --skip PluginManifestTests 2>&1 | tee "$log"
elapsed=$(($(date +%s) - start))

if [ "${1:-}" = --record ]; then
    {
        echo "fingerprint $(fingerprint)"
        echo "commit $(git rev-parse --short HEAD)"
        echo "date $(date -u +%Y-%m-%dT%H:%MZ)"
        echo "toolchain $(swift --version 2> /dev/null | head -n 1)"
        echo "machine $(nproc) cores, $(uname -sm)"
        echo "result $(grep -E '^(✔|━) Test run with' "$log" | tail -n 1 | sed -E 's/^(✔|━) //')"
        echo "elapsed ${elapsed} s, the build included"
    } > "$record"
    echo "sanitize: recorded in $record; commit it"
fi
