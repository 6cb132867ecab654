import Foundation

/// A producer and a consumer take strict turns through one slot, guarded by an
/// `NSConditionLock` whose condition says whose turn it is.
///
/// The condition is 0 when the slot is empty and 1 when it holds an item. The
/// producer waits in `lock(whenCondition: 0)`, fills the slot and unlocks with
/// condition 1; the consumer waits in `lock(whenCondition: 1)`, empties it and
/// unlocks with condition 0. Neither can run twice in a row, so the lines
/// alternate exactly. Both waits block their threads.
///
/// On Linux, `lock(whenCondition:)` traps as soon as it has to wait: it waits
/// until `Date.distantFuture`, whose time in nanoseconds overflows `Int64` in
/// corelibs Foundation. So each side waits with a finite deadline, in a loop.
public final class HandOff: @unchecked Sendable {
    // `@unchecked Sendable`: `slot` is only read and written while holding
    // `turn`.
    private static let empty = 0
    private static let full = 1
    private let turn = NSConditionLock(condition: HandOff.empty)
    private var slot: Int?

    public init() {}

    /// `turn.lock(whenCondition: condition)`, without the Linux trap.
    private func lock(when condition: Int) {
        while !turn.lock(
            whenCondition: condition, before: Date(timeIntervalSinceNow: 60))
        {}
    }

    /// The producer: `rounds` items, each after the last one was taken.
    func produce(rounds: Int, log: @Sendable (String) -> Void) {
        for item in 0..<rounds {
            lock(when: Self.empty)
            log("P\(item)")
            slot = item
            turn.unlock(withCondition: Self.full)
        }
    }

    /// The consumer: takes `rounds` items, each once it is there.
    func consume(rounds: Int, log: @Sendable (String) -> Void) {
        for _ in 0..<rounds {
            lock(when: Self.full)
            log("C\(slot!)")
            slot = nil
            turn.unlock(withCondition: Self.empty)
        }
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

extension HandOff {
    /// Runs the producer and the consumer on two threads, and waits for both.
    public static func run(
        rounds: Int, log: @escaping @Sendable (String) -> Void
    ) {
        let handOff = HandOff()
        let done = DispatchGroup()
        done.enter()
        Thread {
            handOff.consume(rounds: rounds, log: log)
            done.leave()
        }.start()
        done.enter()
        Thread {
            handOff.produce(rounds: rounds, log: log)
            done.leave()
        }.start()
        done.wait()
    }
}
