import Foundation

/// Threads that increment one integer lose updates unless each increment is
/// mutually exclusive.
///
/// `count += 1` is three steps: read, add, write. Two threads that both read
/// before either writes store the same value, and one increment is gone. The
/// unlocked version below is a data race, kept only to show it:
/// `nonisolated(unsafe)` silences Swift 6, which would otherwise reject the
/// capture. Its total is printed, never relied on; it can even come out
/// right by chance.
public enum SharedCounter {
    /// `threads` threads each add 1 `increments` times, with no lock.
    public static func countWithoutALock(
        threads: Int = 4,
        increments: Int = 10_000
    ) -> Int {
        nonisolated(unsafe) var count = 0
        runOnThreads(threads) {
            for _ in 0..<increments { count += 1 }
        }
        return count
    }
}

// MARK: - The fix: a lock around the read-modify-write

extension SharedCounter {
    /// The same loop with every increment under an `NSLock`.
    public static func countWithALock(
        threads: Int = 4,
        increments: Int = 10_000
    ) -> Int {
        let counter = LockedCounter()
        runOnThreads(threads) {
            for _ in 0..<increments { counter.increment() }
        }
        return counter.value
    }

    final class LockedCounter: @unchecked Sendable {
        // `@unchecked Sendable`: `count` is only touched while holding `lock`.
        private let lock = NSLock()
        private var count = 0

        func increment() { lock.withLock { count += 1 } }
        var value: Int { lock.withLock { count } }
    }

    /// Runs `body` on `count` threads, started together, and returns when all
    /// have finished.
    static func runOnThreads(
        _ count: Int,
        _ body: @escaping @Sendable () -> Void
    ) {
        // Each thread waits until all have arrived, so their loops overlap.
        let arrived = DispatchGroup()
        let finished = DispatchGroup()
        for _ in 0..<count {
            arrived.enter()
            finished.enter()
            Thread {
                arrived.leave()
                arrived.wait()
                body()
                finished.leave()
            }.start()
        }
        finished.wait()
    }
}

// MARK: - A lost update, step by step

extension SharedCounter {
    /// Two threads run `count += 1` as its steps, in the order that loses an
    /// update: both read 0 before either writes, so both write 1.
    ///
    /// Semaphores force the interleaving, so it happens every time (and no
    /// access overlaps another: the loss is a logic race, not a data race).
    public static func loseAnUpdate(
        log: @escaping @Sendable (String) -> Void
    )
        -> Int
    {
        nonisolated(unsafe) var count = 0
        let aHasRead = DispatchSemaphore(value: 0)
        let bHasRead = DispatchSemaphore(value: 0)
        let aHasWritten = DispatchSemaphore(value: 0)
        let finished = DispatchGroup()
        finished.enter()
        Thread {
            let seen = count
            log("1. A read \(seen)")
            aHasRead.signal()
            bHasRead.wait()
            count = seen + 1
            log("3. A wrote \(seen + 1)")
            aHasWritten.signal()
            finished.leave()
        }.start()
        finished.enter()
        Thread {
            aHasRead.wait()
            let seen = count
            log("2. B read \(seen)")
            bHasRead.signal()
            aHasWritten.wait()
            count = seen + 1
            log("4. B wrote \(seen + 1)")
            finished.leave()
        }.start()
        finished.wait()
        return count
    }
}
