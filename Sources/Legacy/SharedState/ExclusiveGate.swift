import Foundation

/// A synchronous shared/exclusive gate: an `NSCondition` guarding a reader
/// count, a writer flag and a count of waiting writers.
///
/// Readers enter together; a writer waits until the readers inside have
/// drained, then enters alone. A waiting writer holds back new readers
/// (writer preference), so a stream of readers cannot starve it; waiting
/// writers all go before waiting readers, so a stream of writers can starve
/// the readers. `pthread_rwlock_t` does the same job, but its writer
/// preference is the platform's choice and it has no timed write lock on
/// Apple platforms (`pthread_rwlock_timedwrlock` is Linux-only).
public final class ExclusiveGate: @unchecked Sendable {
    // `@unchecked Sendable`: `readers`, `writer` and `writersWaiting` are
    // only touched while holding `condition`.
    private let condition = NSCondition()
    private var readers = 0
    private var writer = false
    private var writersWaiting = 0

    public init() {}

    /// Blocks while a writer is inside or waiting, then enters shared.
    public func lockShared() {
        condition.lock()
        while writer || writersWaiting > 0 { condition.wait() }
        readers += 1
        condition.unlock()
    }

    public func unlockShared() {
        condition.lock()
        readers -= 1
        if readers == 0 { condition.broadcast() }  // a writer may be draining
        condition.unlock()
    }

    public func withShared<R>(_ body: () throws -> R) rethrows -> R {
        lockShared()
        defer { unlockShared() }
        return try body()
    }

    /// How many writers are waiting.
    public var waitingWriters: Int { condition.withLock { writersWaiting } }
}

// MARK: - Exclusive: drain the readers, or give up at a deadline

extension ExclusiveGate {
    /// Blocks until no one is inside (returns `true`, now exclusive) or until
    /// `deadline` (returns `false`).
    public func lockExclusive(before deadline: Date) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        writersWaiting += 1
        while writer || readers > 0 {
            if !condition.wait(until: deadline) && (writer || readers > 0) {
                writersWaiting -= 1
                // Wake the readers this writer was holding back, or they
                // wait for a writer that is gone.
                condition.broadcast()
                return false
            }
        }
        writersWaiting -= 1
        writer = true
        return true
    }

    public func unlockExclusive() {
        condition.lock()
        writer = false
        condition.broadcast()
        condition.unlock()
    }

    /// Runs `body` alone; `nil` if the readers didn't drain within `timeout`.
    public func withExclusive<R>(
        timeout: Duration, _ body: () throws -> R
    ) rethrows -> R? {
        let deadline = Date(timeIntervalSinceNow: timeout / .seconds(1))
        guard lockExclusive(before: deadline) else { return nil }
        defer { unlockExclusive() }
        return try body()
    }
}

// MARK: - Async callers: none

// Every caller is a thread that may block. Async code must not call this
// gate: `NSCondition.wait` is unavailable there, and `withLock` would block a
// cooperative thread while a writer drains.

// MARK: - Driver (the page's output; not part of the pattern)

extension ExclusiveGate {
    /// `readers` threads enter shared and stay until all are inside at once;
    /// then a writer asks for exclusive access while they are inside, and
    /// they leave. Logs how many readers were inside together, and how many
    /// were inside when the writer entered.
    public static func readersAndAWriter(
        readers: Int, log: @escaping @Sendable (String) -> Void
    ) {
        let gate = ExclusiveGate()
        let inside = Tally()
        let arrived = DispatchGroup()
        let leave = DispatchSemaphore(value: 0)
        let finished = DispatchGroup()
        for _ in 0..<readers {
            arrived.enter()
            finished.enter()
            Thread {
                gate.withShared {
                    inside.add(1)
                    arrived.leave()
                    leave.wait()  // stay until the writer is waiting
                    inside.add(-1)
                }
                finished.leave()
            }.start()
        }
        arrived.wait()
        log("readers inside at once: \(inside.value)")
        finished.enter()
        Thread {
            let seen = gate.withExclusive(timeout: .seconds(30)) {
                inside.value
            }
            log("writer entered with \(seen ?? -1) readers inside")
            finished.leave()
        }.start()
        while gate.waitingWriters == 0 { Thread.sleep(forTimeInterval: 0.001) }
        for _ in 0..<readers { leave.signal() }
        finished.wait()
    }

    /// A reader is stuck inside; a writer with `timeout` gives up, a reader
    /// still gets in, and once the stuck reader leaves a writer gets in.
    public static func timeOutBehindAStuckReader(
        timeout: Duration, log: @escaping @Sendable (String) -> Void
    ) {
        let gate = ExclusiveGate()
        let inside = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let left = DispatchSemaphore(value: 0)
        Thread {
            gate.withShared {
                inside.signal()
                release.wait()
            }
            left.signal()
        }.start()
        inside.wait()
        log(
            gate.withExclusive(timeout: timeout) { "writer entered" }
                ?? "writer timed out")
        gate.withShared { log("a reader still gets in") }
        release.signal()
        left.wait()
        log(
            gate.withExclusive(timeout: timeout) { "writer entered" }
                ?? "writer timed out")
    }

    final class Tally: @unchecked Sendable {
        // `@unchecked Sendable`: `count` is only touched holding `lock`.
        private let lock = NSLock()
        private var count = 0
        func add(_ delta: Int) { lock.withLock { count += delta } }
        var value: Int { lock.withLock { count } }
    }
}
