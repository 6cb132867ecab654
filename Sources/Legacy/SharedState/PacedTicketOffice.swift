import Foundation

/// A third thread paces the two sellers: one sale per signal of an
/// `NSCondition`.
///
/// "Thread-3" ticks: it locks the condition, waits out the interval, counts a
/// pending tick, signals one waiting seller and unlocks. Each seller locks the
/// condition and waits *in a loop on a predicate* (`pending == 0`), because a
/// `wait()` may wake with nothing to do and a signal sent while no one waits is
/// lost; the count remembers it instead. It then takes the tick and sells under
/// `theLock` (always in this order: condition, then `theLock`). After the last
/// tick, Thread-3 sets an exit flag and wakes everyone with `broadcast()`.
public final class PacedTicketOffice: @unchecked Sendable {
    // `@unchecked Sendable`: `pending` and `noMoreTicks` are only used while
    // holding `ticketsCondition`; `tickets` and `count` while holding
    // `theLock`.
    private let ticketsCondition = NSCondition()
    private let theLock = NSLock()
    private var pending = 0
    private var noMoreTicks = false
    private var tickets = 100
    private var count = 0
    private let log: @Sendable (String) -> Void

    public init(log: @escaping @Sendable (String) -> Void) {
        self.log = log
    }

    /// Thread-3 (the classic `run3`): `ticks` signals, `interval` apart.
    func run3(ticks: Int, interval: Duration) {
        for tick in 1...ticks {
            ticketsCondition.lock()
            // The classic version sleeps while holding the condition's lock.
            Thread.sleep(forTimeInterval: interval / .seconds(1))
            pending += 1
            log("tick \(tick)")
            ticketsCondition.signal()
            ticketsCondition.unlock()
        }
        ticketsCondition.withLock {
            noMoreTicks = true
            ticketsCondition.broadcast()
        }
    }

    /// A seller (the classic `run`): one sale per tick, until the ticks stop.
    func run(work: Duration) {
        while true {
            ticketsCondition.lock()
            while pending == 0 && !noMoreTicks {
                ticketsCondition.wait()
            }
            guard pending > 0 else {
                ticketsCondition.unlock()
                return
            }
            pending -= 1
            theLock.withLock {
                if tickets >= 0 {
                    Thread.sleep(forTimeInterval: work / .seconds(1))
                    count = 100 - tickets
                    log("Tickets left: \(tickets), sold: \(count)")
                    tickets -= 1
                }
            }
            ticketsCondition.unlock()
        }
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

extension PacedTicketOffice {
    /// Starts Thread-1 and Thread-2 (sellers) and Thread-3 (the pacer), and
    /// waits for all three.
    public static func sell(
        ticks: Int, interval: Duration, work: Duration,
        log: @escaping @Sendable (String) -> Void
    ) {
        let office = PacedTicketOffice(log: log)
        let done = DispatchGroup()
        let threads: [(String, @Sendable () -> Void)] = [
            ("Thread-1", { office.run(work: work) }),
            ("Thread-2", { office.run(work: work) }),
            ("Thread-3", { office.run3(ticks: ticks, interval: interval) }),
        ]
        for (name, body) in threads {
            done.enter()
            Thread {
                Thread.current.name = name
                body()
                done.leave()
            }.start()
        }
        done.wait()
    }
}
