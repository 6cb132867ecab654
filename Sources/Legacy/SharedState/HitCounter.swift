import Foundation

/// An Objective-C `atomic` property in Swift: the getter and the setter each
/// take a lock, so every read and every write is whole.
///
/// That makes each access safe, but not `hits = hits + 1`: the read and the
/// write are two locked steps, and another thread's write can fall between
/// them. The fix is one lock around the whole read-modify-write. `OSAtomic*`
/// (`libkern/OSAtomic.h`) does not exist on Linux, and Apple deprecated it.
public final class HitCounter: @unchecked Sendable {
    // `@unchecked Sendable`: `_hits` is only touched while holding `lock`.
    private let lock = NSLock()
    private var _hits = 0

    public init() {}

    /// The `atomic` property: each access locks on its own.
    public var hits: Int {
        get { lock.withLock { _hits } }
        set { lock.withLock { _hits = newValue } }
    }

    /// The fix: the read, the add and the write under one lock.
    public func recordHit() {
        lock.withLock { _hits += 1 }
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

extension HitCounter {
    /// `threads` threads each count `increments` hits, with `hits = hits + 1`
    /// (`lockedIncrement` false: updates can be lost, so the total is only
    /// printed) or with `recordHit()`.
    public static func count(
        threads: Int = 4,
        increments: Int = 10_000,
        lockedIncrement: Bool
    ) -> Int {
        let counter = HitCounter()
        // Each thread waits until all have arrived, so their loops overlap.
        let arrived = DispatchGroup()
        let finished = DispatchGroup()
        for _ in 0..<threads {
            arrived.enter()
            finished.enter()
            Thread {
                arrived.leave()
                arrived.wait()
                for _ in 0..<increments {
                    if lockedIncrement {
                        counter.recordHit()
                    } else {
                        counter.hits = counter.hits + 1
                    }
                }
                finished.leave()
            }.start()
        }
        finished.wait()
        return counter.hits
    }

    /// Two threads run `hits = hits + 1` in the order that loses an update:
    /// both get 0 before either sets. Every access is locked; one hit is
    /// lost anyway.
    public static func loseAnUpdate(
        log: @escaping @Sendable (String) -> Void
    ) -> Int {
        let counter = HitCounter()
        let aHasRead = DispatchSemaphore(value: 0)
        let bHasRead = DispatchSemaphore(value: 0)
        let aHasWritten = DispatchSemaphore(value: 0)
        let finished = DispatchGroup()
        finished.enter()
        Thread {
            let seen = counter.hits
            log("1. A got \(seen)")
            aHasRead.signal()
            bHasRead.wait()
            counter.hits = seen + 1
            log("3. A set \(seen + 1)")
            aHasWritten.signal()
            finished.leave()
        }.start()
        finished.enter()
        Thread {
            aHasRead.wait()
            let seen = counter.hits
            log("2. B got \(seen)")
            bHasRead.signal()
            aHasWritten.wait()
            counter.hits = seen + 1
            log("4. B set \(seen + 1)")
            finished.leave()
        }.start()
        finished.wait()
        return counter.hits
    }
}
