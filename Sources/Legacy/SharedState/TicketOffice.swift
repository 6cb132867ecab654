import Foundation

/// Two seller threads sell from one shared counter, one ticket at a time,
/// under an `NSLock`.
///
/// The classic `run`: lock, check what is left, "work", record the sale,
/// decrement, unlock. Without the lock both threads can read the same count and
/// the last sale can go below zero. `withLock` unlocks on every way out of the
/// closure, so stopping when the tickets run out cannot leave the lock held
/// (the classic `break` does, see the next section). The classic version sleeps
/// while holding the lock, so the two sellers never work at the same time.
public final class TicketOffice: @unchecked Sendable {
    /// One sale: what was left before it, how many were sold, and by whom.
    public struct Sale: Sendable, Equatable {
        public let ticketsLeft: Int
        public let sold: Int
        public let seller: String
    }

    // `@unchecked Sendable`: `tickets` and `count` are only read and written
    // while holding `theLock`.
    private var tickets = 100
    private var count = 0
    private let theLock = NSLock()
    private let work: Duration
    private let sold: @Sendable (Sale) -> Void

    public init(work: Duration, sold: @escaping @Sendable (Sale) -> Void) {
        self.work = work
        self.sold = sold
    }

    /// One seller's loop (the classic `run`), on the thread named `name`.
    func run(as name: String) {
        while true {
            let soldOne = theLock.withLock {
                // The classic `>= 0`: it sells ticket 0 too, 101 in all.
                guard tickets >= 0 else { return false }
                Thread.sleep(forTimeInterval: work / .seconds(1))
                count = 100 - tickets
                sold(Sale(ticketsLeft: tickets, sold: count, seller: name))
                tickets -= 1
                return true
            }
            if !soldOne { break }
        }
    }

    /// Starts "Thread-1" and "Thread-2", waits for both, and returns what is
    /// left (−1: the classic off-by-one).
    public func sellAll() -> Int {
        let done = DispatchGroup()
        for name in ["Thread-1", "Thread-2"] {
            done.enter()
            let thread = Thread {
                // Named inside: a name set before `start()` is lost on Linux.
                // Reading it back with `Thread.current.name` is unreliable
                // there too, so the loop is given the name.
                Thread.current.name = name
                self.run(as: name)
                done.leave()
            }
            thread.start()
        }
        done.wait()
        return theLock.withLock { tickets }
    }
}

// MARK: - The classic bug: `break` while holding the lock

extension TicketOffice {
    /// The classic `run` as written: `lock()`, and a `break` out of the loop
    /// before `unlock()`. The first seller to find no tickets leaves the lock
    /// held, so the other waits in `lock()` forever.
    func runAsPrinted(as name: String, log: @Sendable (String) -> Void) {
        while true {
            theLock.lock()
            if tickets >= 0 {
                Thread.sleep(forTimeInterval: work / .seconds(1))
                count = 100 - tickets
                sold(Sale(ticketsLeft: tickets, sold: count, seller: name))
                tickets -= 1
            } else {
                log("sold out: breaking out, holding the lock")
                break  // The bug: `theLock` stays locked.
            }
            theLock.unlock()
        }
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

extension TicketOffice {
    /// The classic program with its bug: never returns (run it only in a child
    /// process).
    public static func sellAllAsPrinted(
        work: Duration, log: @escaping @Sendable (String) -> Void
    ) {
        let office = TicketOffice(work: work) { sale in
            log("Tickets left: \(sale.ticketsLeft), sold: \(sale.sold)")
        }
        let done = DispatchGroup()
        for name in ["Thread-1", "Thread-2"] {
            done.enter()
            Thread {
                Thread.current.name = name
                office.runAsPrinted(as: name, log: log)
                log("one seller finished; the other waits in lock()")
                done.leave()
            }.start()
        }
        done.wait()
        log("never printed: both sellers finished")
    }
}
