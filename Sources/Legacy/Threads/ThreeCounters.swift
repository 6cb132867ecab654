import Foundation

/// Three counting loops, run one after another, then on threads of their own.
///
/// The classic experiment: three loops that each log
/// `<Name> Counter = 0…999`. Called in a row on one thread, they run in turn.
/// To run them at once you start a thread per loop. A detached thread can't
/// be joined, so each one leaves a `DispatchGroup` when its loop is done, and
/// the caller waits on the group; the classic version, on the main thread,
/// just returns.
/// Each thread costs a kernel thread with its own stack, created for three
/// short loops.
public enum ThreeCounters {
    /// One counter: `firstCounter`, `secondCounter`, `thirdCounter`.
    static func count(
        _ name: String, upTo limit: Int, log: @Sendable (String) -> Void
    ) {
        for counter in 0..<limit {
            log("\(name) Counter = \(counter)")
        }
    }

    /// `[self firstCounter]; [self secondCounter]; [self thirdCounter];`
    public static func oneAfterAnother(
        upTo limit: Int = 1000, log: @Sendable (String) -> Void
    ) {
        count("First", upTo: limit, log: log)
        count("Second", upTo: limit, log: log)
        count("Third", upTo: limit, log: log)
    }
}

// MARK: - Two new threads, the third counter on the caller

extension ThreeCounters {
    /// `detachNewThreadSelector:` twice, then the third counter inline; the
    /// group is the join the classic version leaves out.
    public static func twoThreadsAndTheCaller(
        upTo limit: Int = 1000, log: @escaping @Sendable (String) -> Void
    ) {
        let finished = DispatchGroup()
        for name in ["First", "Second"] {
            finished.enter()
            Thread.detachNewThread {
                count(name, upTo: limit, log: log)
                finished.leave()
            }
        }
        count("Third", upTo: limit, log: log)
        finished.wait()
    }
}

// MARK: - Three background threads

extension ThreeCounters {
    /// `performSelectorInBackground:` three times: it is
    /// `detachNewThreadSelector:` again, so `Thread.detachNewThread` on Linux.
    public static func threeThreads(
        upTo limit: Int = 1000, log: @escaping @Sendable (String) -> Void
    ) {
        let finished = DispatchGroup()
        for name in ["First", "Second", "Third"] {
            finished.enter()
            Thread.detachNewThread {
                count(name, upTo: limit, log: log)
                finished.leave()
            }
        }
        finished.wait()
    }
}
