import Foundation
import Testing

/// Yields until `condition` holds; fails the test if it doesn't within `limit`, or when the test is
/// cancelled.
///
/// Many tests here wait for something there is nothing to await on: a waiter parked on a
/// continuation, a job queued on a thread, a caller lined up behind a held permit. They yield until
/// a count says so. A bare `while !condition { await Task.yield() }` cannot end if a race makes the
/// condition impossible (one ran until CI's 90-minute limit, because a suite's `.timeLimit` cancels
/// the test's task and the loop never looked). This one looks after every yield: it ends when the
/// test is cancelled (its suite's time limit) and after `limit` on the continuous clock, records an
/// issue at the caller's line (saying what it waited for, where the caller says), and throws, so the test stops there. `SourceLintTests` fails
/// on a yield loop in `Tests/` that doesn't come through here.
///
/// The limit bounds a wait; it asserts no duration: a condition that holds is seen at the first
/// yield after it does. Twenty seconds is far above what any of these waits takes under the thread
/// sanitizer on two busy cores, and far below the suites' one-minute limits.
///
/// It runs on the caller's actor (`nonisolated(nonsending)`), as the loops it replaced did, so a
/// condition may read the caller's state.
nonisolated(nonsending) func eventually(
    _ what: Comment? = nil,
    within limit: Duration = .seconds(20),
    sourceLocation: SourceLocation = #_sourceLocation,
    _ condition: () async throws -> Bool
) async throws {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: limit)
    while try await !condition() {
        if Task.isCancelled {
            Issue.record("cancelled while waiting until \(what ?? "its condition held")", sourceLocation: sourceLocation)
            throw WaitEnded.cancelled
        }
        if clock.now >= deadline {
            Issue.record(
                "waited \(limit) until \(what ?? "its condition held"); it never did", sourceLocation: sourceLocation)
            throw WaitEnded.timedOut
        }
        await Task.yield()
    }
}

/// Why `eventually` stopped waiting before its condition held.
enum WaitEnded: Error {
    case cancelled, timedOut
}

/// `eventually` for code on a thread of its own: polls `condition` every 100 µs for at most `limit`
/// and returns whether it held.
///
/// A thread has no task, so a suite's time limit cannot end a loop on it (`.timeLimit` cancels the
/// test's task, which such a loop never looks at); the bound can. It records no issue, since on a
/// thread of its own there may be no test to record it against: the caller hands what it saw back
/// to the test, which asserts it. `SourceLintTests` fails on a bare `sched_yield`, `usleep` or
/// `Thread.sleep` loop in `Tests/`.
func eventuallyOnThisThread(within limit: Duration = .seconds(20), _ condition: () -> Bool) -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: limit)
    while !condition() {
        if clock.now >= deadline { return false }
        usleep(100)
    }
    return true
}
