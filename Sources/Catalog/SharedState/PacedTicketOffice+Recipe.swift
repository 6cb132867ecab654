import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let ticketSaleCondition = Recipe(
        id: "ticket-sale-condition",
        title: "A third thread paces sales with `NSCondition`",
        chapter: .sharedState,
        sources: ["The Read-And-Learn wiki page \"iOS并发编程\", its `NSCondition` ticket-sale example (`run3` signals `ticketsCondition`; the sellers `wait`)"],
        file: "SharedState/PacedTicketOffice.swift",
        apis: [
            APIMapping("NSCondition signal/wait", "a ticker `AsyncStream<Void>` shared by the consumers"),
            APIMapping("NSCondition broadcast + exit flag", "`continuation.finish()`: every `for await` loop ends"),
            APIMapping("NSLock around the ticket counter", "an actor method without `await`"),
        ],
        problem: """
            Two seller threads sell one ticket per signal from a third, pacing thread; a sale \
            must never happen without a signal, and every signal must lead to a sale.
            """,
        changes: [
            """
            Thread-3's `lock; sleep; signal; unlock` loop becomes a ticker: a task that sleeps \
            the interval and `yield`s into an `AsyncStream<Void>`. The two sellers iterate the \
            same stream, and each tick goes to exactly one of them \
            (`PacedTicketOfficeTests.eachTickGoesToExactlyOneSeller`).
            """,
            """
            The stream buffers, so a tick sent while both sellers are busy waits for the next \
            one to ask. The classic bare `wait()` has no such memory: a `signal()` with no waiter \
            is lost. The legacy side here counts pending ticks and waits in a predicate loop, \
            which fixes that and spurious wake-ups.
            """,
            """
            The exit flag plus `broadcast()` becomes `continuation.finish()`: both `for await` \
            loops end. 101 ticks give 101 sales on both sides, each ticket once, and a sale \
            never comes before its tick: at every point of the transcript, sales ≤ ticks \
            (`PacedTicketOfficeTests.salesNeverRunAheadOfTicks`).
            """,
            """
            The classic example's 3 s between ticks is cut to 30 ms and its 0.09 s of work to 9 ms before \
            the pace scales them, so that 101 rounds take seconds, not minutes. Which seller \
            gets each tick is unspecified on both sides, so the transcript names none.
            """,
        ],
        pitfalls: [
            """
            `wait()` without a loop on a predicate: it may return with nothing to do (spurious \
            wake-up), and a `signal()` sent while no one waits wakes no one later. Keep the \
            state (a count) under the condition's lock and wait `while` it says there is nothing.
            """,
            """
            Two locks taken in a fixed order (the condition, then `theLock`) must be taken in \
            that order everywhere, or two threads can deadlock (see `lock-order-deadlock`). \
            The classic Thread-3 also sleeps holding the condition's lock, stalling both sellers.
            """,
            """
            An `AsyncStream` shared by several `for await` loops *distributes* its elements: \
            each goes to one consumer, not to all. For a broadcast, give each consumer its own \
            stream.
            """,
            """
            `NSCondition.wait()` and `lock()` are unavailable from async code: run such code on \
            a thread of its own, never on a cooperative thread.
            """,
        ],
        annotations: [
            """
            `PacedTicketOffice` is `@unchecked Sendable`: `pending` and `noMoreTicks` are used \
            only while holding `ticketsCondition`, `tickets` and `count` only while holding \
            `theLock`.
            """,
            "The log closure is `@escaping @Sendable`: all three threads call it.",
        ],
        errata: [
            """
            The Read-And-Learn wiki page "iOS并发编程", its `NSCondition` ticket-sale example: \
            `[ticketsCondition wait]` without a predicate loop lets a spurious wake-up sell \
            without a signal, and a signal sent while both sellers are busy is lost.
            """,
            """
            The Read-And-Learn wiki page "iOS并发编程", its `NSCondition` ticket-sale example: \
            the `break` leaves the lock held, as in its `NSLock` example, and here both locks: \
            `theLock` and `ticketsCondition`. The other seller and Thread-3 then wait for them \
            forever.
            """,
            """
            The Read-And-Learn wiki page "iOS并发编程", its `NSCondition` ticket-sale example: \
            Thread-3 does not wake "the other two threads"; `signal` wakes at most one waiter, \
            `broadcast` wakes all.
            """,
        ],
        replaces: [.condition, .nsLock, .nsLockLock, .thread, .threadSleep],
        scenarios: [
            Scenario(
                "101 ticks",
                rules: [.multiset, .invariant(["sales", "salesNeverExceedTicks"])],
                legacy: { context in
                    let log = context.log
                    let interval = context.pace(.milliseconds(30))
                    let work = context.pace(.milliseconds(9))
                    await onOwnThread {
                        Legacy.PacedTicketOffice.sell(ticks: 101, interval: interval, work: work, log: log)
                    }
                    PacedSales.record(context.recorder.lines, in: context)
                },
                modern: { context in
                    await Modern.PacedTicketOffice.sell(
                        ticks: 101, interval: context.pace(.milliseconds(30)), work: context.pace(.milliseconds(9)),
                        log: context.log)
                    PacedSales.record(context.recorder.lines, in: context)
                }
            )
        ]
    )
}

/// Reads the sales and the ticks back from a transcript.
enum PacedSales {
    /// Whether, at every line, the sales so far are no more than the ticks so far.
    static func salesNeverExceedTicks(_ lines: [String]) -> Bool {
        var ticks = 0
        var sales = 0
        for line in lines {
            if line.hasPrefix("tick ") { ticks += 1 }
            if line.hasPrefix("Tickets left: ") { sales += 1 }
            if sales > ticks { return false }
        }
        return true
    }

    static func record(_ lines: [String], in context: RunContext) {
        context.record("sales", lines.filter { $0.hasPrefix("Tickets left: ") }.count)
        context.record("salesNeverExceedTicks", salesNeverExceedTicks(lines))
    }
}
