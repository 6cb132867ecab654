#!/usr/bin/env bash
# Usage: Scripts/watchdog.sh SECONDS COMMAND [ARGUMENT...]
#
# Runs COMMAND. If it is still running after SECONDS, prints every thread's stack of every process
# it started (gdb, where installed), kills them all and exits 124. A test that hangs then fails CI
# within its budget, with the stacks that say where it hung, instead of running into the CI's own
# time limit with nothing but the last lines of output.
set -uo pipefail
if [ $# -lt 2 ]; then
    echo "usage: $0 SECONDS COMMAND [ARGUMENT...]" >&2
    exit 2
fi
limit=$1
shift

# The process and all its descendants, parents first (from /proc, so no procps is needed).
descendants() {
    local parent=$1 child
    echo "$parent"
    for child in $(awk -v p="$parent" '$4 == p { print $1 }' /proc/[0-9]*/stat 2> /dev/null); do
        descendants "$child"
    done
}

fired=$(mktemp)
"$@" &
pid=$!
# Stopped itself (CI ends early while this runs in the background), it stops everything it started.
# shellcheck disable=SC2046 # one PID per word
trap 'kill $(descendants "$pid") ${timer:+$(descendants "$timer")} 2> /dev/null; rm -f "$fired"; exit 143' TERM INT
(
    # sleep holds no descriptor of ours: killed early, it leaves nothing that keeps CI's pipe open.
    sleep "$limit" < /dev/null > /dev/null 2>&1
    echo fired > "$fired"
    echo "watchdog: still running after ${limit} s: $*" >&2
    processes=$(descendants "$pid")
    for process in $processes; do
        [ -r "/proc/$process/cmdline" ] || continue
        echo "watchdog: process $process: $(tr '\0' ' ' < "/proc/$process/cmdline" | cut -c1-300)" >&2
        if command -v gdb > /dev/null; then
            # One line per thread, innermost frame first: "thread NAME: f0 < f1 < ...".
            timeout 120 gdb -batch -nx -p "$process" -ex 'thread apply all bt 14' 2> /dev/null |
                awk '
                    /^Thread [0-9]+ / { if (line != "") print line; n = split($0, q, "\""); line = "thread " q[n - 1] ":"; next }
                    /^#[0-9]+ / {
                        f = $0; sub(/^#[0-9]+ +(0x[0-9a-f]+ in )?/, "", f); sub(/ \(.*$/, "", f)
                        line = line (line ~ /:$/ ? " " : " < ") f
                    }
                    END { if (line != "") print line }' |
                { if command -v swift > /dev/null; then swift demangle --simplified; else cat; fi } |
                cut -c1-400 >&2
        fi
    done
    # shellcheck disable=SC2086 # one PID per word
    kill -KILL $processes 2> /dev/null
) &
timer=$!
wait "$pid"
status=$?
if [ -s "$fired" ]; then
    wait "$timer" 2> /dev/null # let it finish printing
    rm -f "$fired"
    exit 124
fi
# shellcheck disable=SC2046 # one PID per word
kill $(descendants "$timer") 2> /dev/null
wait "$timer" 2> /dev/null
rm -f "$fired"
exit "$status"
