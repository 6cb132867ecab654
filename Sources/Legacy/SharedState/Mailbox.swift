import Foundation

/// Hand a payload from one thread to another so that the reader never sees
/// the flag without the payload: publish both under a lock.
///
/// The processor and the compiler may reorder plain stores, so a reader
/// polling a plain `ready` flag could see it set and still read an old
/// payload. A lock implies the memory barriers: whatever a thread wrote
/// before `unlock()` is visible to the next thread that takes the lock.
/// `OSMemoryBarrier` doesn't exist on Linux, and hand-placed barriers are
/// rarely needed: take the lock.
public final class Mailbox: @unchecked Sendable {
    // `@unchecked Sendable`: `payload` and `full` are only touched while
    // holding `lock`.
    private let lock = NSLock()
    private var payload = [0, 0, 0, 0]
    private var full = false

    public init() {}

    /// Writer: fills the payload, then raises the flag. `false` if the
    /// reader hasn't taken the previous payload yet.
    public func tryPut(_ value: Int) -> Bool {
        lock.withLock {
            guard !full else { return false }
            payload = [value, value, value, value]
            full = true
            return true
        }
    }

    /// Reader: takes the payload if the flag is up, and lowers it.
    public func tryTake() -> [Int]? {
        lock.withLock {
            guard full else { return nil }
            full = false
            return payload
        }
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

extension Mailbox {
    /// What the reader saw.
    public struct Report: Sendable, Equatable {
        public var received = 0
        /// Payloads whose four values were not all the round's number.
        public var torn = 0
        /// Payloads that did not carry the next round's number.
        public var outOfOrder = 0
    }

    /// A writer thread publishes rounds 1…`rounds` (each payload four copies
    /// of the round number), a reader thread takes each one; both spin,
    /// yielding, while the mailbox is full or empty.
    public static func handOff(rounds: Int) -> Report {
        let mailbox = Mailbox()
        let report = ReportBox()
        let finished = DispatchGroup()
        finished.enter()
        Thread {
            for round in 1...rounds {
                while !mailbox.tryPut(round) { sched_yield() }
            }
            finished.leave()
        }.start()
        finished.enter()
        Thread {
            var seen = Report()
            for round in 1...rounds {
                var payload = mailbox.tryTake()
                while payload == nil {
                    sched_yield()
                    payload = mailbox.tryTake()
                }
                seen.received += 1
                if payload!.contains(where: { $0 != payload![0] }) {
                    seen.torn += 1
                }
                if payload![0] != round { seen.outOfOrder += 1 }
            }
            report.value = seen
            finished.leave()
        }.start()
        finished.wait()
        return report.value
    }

    private final class ReportBox: @unchecked Sendable {
        // `@unchecked Sendable`: `report` is only touched while holding
        // `lock`.
        private let lock = NSLock()
        private var report = Report()

        var value: Report {
            get { lock.withLock { report } }
            set { lock.withLock { report = newValue } }
        }
    }
}
