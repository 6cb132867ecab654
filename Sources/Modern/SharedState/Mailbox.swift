import Synchronization

/// The same hand-off with atomics and explicit orderings: the payload is
/// stored relaxed, the flag is stored `.releasing` and loaded `.acquiring`.
///
/// A releasing store publishes every write its thread made before it; an
/// acquiring load that sees that store sees them too. So a reader that finds
/// the flag up reads the whole payload, with no lock. One writer and one
/// reader only: two writers could both see the flag down. When in doubt,
/// prefer a `Mutex` or an actor; `atomicMemoryFence(ordering:)` is the bare
/// barrier, for the rare code that needs one.
public nonisolated final class Mailbox: Sendable {
    private let slot0 = Atomic(0)
    private let slot1 = Atomic(0)
    private let slot2 = Atomic(0)
    private let slot3 = Atomic(0)
    private let full = Atomic(false)

    public init() {}

    /// Writer: fills the payload, then raises the flag. `false` if the
    /// reader hasn't taken the previous payload yet.
    public func tryPut(_ value: Int) -> Bool {
        // Acquiring: the reader's last loads of the slots happen before the
        // stores below.
        guard !full.load(ordering: .acquiring) else { return false }
        slot0.store(value, ordering: .relaxed)
        slot1.store(value, ordering: .relaxed)
        slot2.store(value, ordering: .relaxed)
        slot3.store(value, ordering: .relaxed)
        full.store(true, ordering: .releasing)
        return true
    }

    /// Reader: takes the payload if the flag is up, and lowers it.
    public func tryTake() -> [Int]? {
        guard full.load(ordering: .acquiring) else { return nil }
        let payload = [
            slot0.load(ordering: .relaxed), slot1.load(ordering: .relaxed),
            slot2.load(ordering: .relaxed), slot3.load(ordering: .relaxed),
        ]
        full.store(false, ordering: .releasing)
        return payload
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

nonisolated extension Mailbox {
    /// What the reader saw.
    public nonisolated struct Report: Sendable, Equatable {
        public var received = 0
        /// Payloads whose four values were not all the round's number.
        public var torn = 0
        /// Payloads that did not carry the next round's number.
        public var outOfOrder = 0
    }

    /// A writer task publishes rounds 1…`rounds` (each payload four copies
    /// of the round number), a reader task takes each one; both yield while
    /// the mailbox is full or empty, so neither holds a pool thread.
    public static func handOff(rounds: Int) async -> Report {
        let mailbox = Mailbox()
        async let written: Void = {
            for round in 1...rounds {
                while !mailbox.tryPut(round) { await Task.yield() }
            }
        }()
        var seen = Report()
        for round in 1...rounds {
            var payload = mailbox.tryTake()
            while payload == nil {
                await Task.yield()
                payload = mailbox.tryTake()
            }
            seen.received += 1
            if payload!.contains(where: { $0 != payload![0] }) {
                seen.torn += 1
            }
            if payload![0] != round { seen.outOfOrder += 1 }
        }
        await written
        return seen
    }
}
