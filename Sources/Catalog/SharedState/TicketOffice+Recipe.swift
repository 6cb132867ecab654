import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let ticketSaleLock = Recipe(
        id: "ticket-sale-lock",
        title: "Two sellers, 100 tickets, `NSLock`",
        chapter: .sharedState,
        sources: ["The Read-And-Learn wiki page \"iOS并发编程\", its `NSLock` ticket-sale example (the ticket-selling `AppDelegate`)"],
        file: "SharedState/TicketOffice.swift",
        apis: [
            APIMapping("NSLock around shared counters", "an actor whose method checks and decrements without `await`"),
            APIMapping(
                "Thread(block:) + start(), one per seller", "one child task per seller (`withDiscardingTaskGroup`)"),
            APIMapping("Thread.sleep(forTimeInterval:) inside the lock", "`Task.sleep(for:)` outside the actor"),
        ],
        problem: """
            Two threads sell tickets from one shared counter; each sale must take a ticket no one \
            else got, and the sellers must stop when the tickets run out.
            """,
        changes: [
            """
            The counter, the sold count and their `NSLock` become `actor TicketOffice`: \
            `sellOne(by:)` checks and decrements in one call with no `await` in between, so the \
            compiler, not a comment, guarantees that no two sellers get the same ticket.
            """,
            """
            The two `Thread`s become two child tasks looping `while let sale = await \
            office.sellOne(by:)`. Both sides sell 101 tickets, each number once, and each seller's \
            own sales come in decreasing order (`TicketOfficeTests.eachSideSellsEveryTicketOnceInOrderPerSeller`).
            """,
            """
            The classic version sleeps 0.09 s *inside* the lock, so its sellers take turns even \
            while "working". The modern sellers sleep outside the actor, holding nothing, so they \
            work side by side. The sleep is the classic 0.09 s scaled by the pace; the tests pass \
            zero.
            """,
            """
            The transcript leaves out who sold each ticket: which seller wins each ticket is up to \
            the scheduler, on both sides. The per-seller order is checked as the `sellersInOrder` \
            value instead.
            """,
            """
            The classic `break` while holding the lock runs in a child process: the first seller to \
            find no tickets leaves the lock held and the other waits forever. The modern sellers \
            break out the same way and the program finishes \
            (`TicketOfficeTests.theClassicBreakHangsWhereTheActorFinishes`).
            """,
        ],
        pitfalls: [
            """
            An actor method that suspends between the check and the decrement (an `await \
            Task.sleep` for the "work") lets the other seller in at the suspension, and the \
            actor oversells (see `actor-reentrancy`). Keep the check and the change in one \
            synchronous stretch, and do the slow part outside.
            """,
            """
            `lock()`, then a `break` or `return` before `unlock()`, leaves the lock held. Use \
            `withLock` (or `defer { unlock() }`) so that every way out unlocks.
            """,
            """
            The classic `tickets >= 0` sells ticket 0 too: 101 tickets, and the counter ends at −1. \
            Both sides keep it so that they can be compared; your app wants `> 0`.
            """,
            """
            Sleeping (or doing I/O) while holding a lock makes every other thread that needs it \
            wait: the classic two sellers are no faster than one.
            """,
            """
            `NSLock.lock()` is unavailable from async code; only `withLock` may be called there, \
            and it still blocks a cooperative thread.
            """,
        ],
        platformNotes: [
            """
            **Linux**: a name set with `setName:` before `start()` is lost; name the thread inside \
            its block. Even then, `Thread.current.name` read back inside that thread sometimes \
            returns the process's name (corelibs Foundation, Swift 6.3), so the legacy side hands \
            each seller its name instead of logging `Thread.current.name` as the classic code \
            does.
            """,
        ],
        annotations: [
            """
            `TicketOffice` is `@unchecked Sendable`: `tickets` and `count` are read and written \
            only while holding `theLock`, and everything else is a constant.
            """,
            "The `sold` closure is `@escaping @Sendable`: both seller threads call it.",
        ],
        differences: [
            """
            The classic `break` while holding the lock hangs the legacy program (the other seller \
            waits in `lock()` forever, after all 101 sales), while the modern sellers break out \
            and the program finishes (`TicketOfficeTests.theClassicBreakHangsWhereTheActorFinishes`).
            """
        ],
        errata: [
            """
            The Read-And-Learn wiki page "iOS并发编程", its `NSLock` ticket-sale example: the \
            `break` inside the locked region leaves `theLock` locked, so the second seller never \
            returns from `lock()` (and the `[ticketsCondition unlock]` after it, commented out \
            there, would never run either).
            """,
            """
            The Read-And-Learn wiki page "iOS并发编程", its `NSLock` ticket-sale example: \
            `if (tickets >= 0)` sells 101 tickets from a stock of 100 and ends with \
            `tickets == -1`. The text after the listing says that without the lock the count "may \
            reach −1"; with the lock it reaches −1 anyway. Without the lock the symptom is lost or \
            duplicated sales.
            """,
        ],
        replaces: [.nsLock, .nsLockLock, .thread, .threadSleep],
        scenarios: [
            Scenario(
                "two sellers",
                rules: [.multiset, .invariant(["sales", "ticketsLeft", "sellersInOrder"])],
                legacy: { context in
                    let sales = TicketSales()
                    let work = context.pace(.milliseconds(90))
                    let left = await onOwnThread {
                        Legacy.TicketOffice(work: work) { sales.add($0.ticketsLeft, $0.sold, $0.seller) }.sellAll()
                    }
                    sales.record(ticketsLeft: left, in: context)
                },
                modern: { context in
                    let sales = TicketSales()
                    let left = await Modern.TicketOffice.sellAll(work: context.pace(.milliseconds(90))) {
                        sales.add($0.ticketsLeft, $0.sold, $0.seller)
                    }
                    sales.record(ticketsLeft: left, in: context)
                }
            ),
            Scenario(
                "the classic break inside the lock",
                rules: [.subprocessDemo(legacy: .hangs, modern: .finishes)],
                legacy: .childProcess(
                    .onMainThread { _, log in
                        // No work sleep: the bug needs none, and the demo reaches it at once.
                        Legacy.TicketOffice.sellAllAsPrinted(work: .zero, log: log)
                    }),
                modern: .childProcess(
                    .async { _, log in
                        await Modern.TicketOffice.sellAllBreakingOut(log: log)
                    })
            ),
        ]
    )
}

/// Collects the sales of one run: the transcript line of each, and who sold what.
final class TicketSales: Sendable {
    private let sales = Locked<[(left: Int, seller: String)]>([])
    private let lines = Locked<[String]>([])

    func add(_ ticketsLeft: Int, _ sold: Int, _ seller: String) {
        sales.withLock { $0.append((ticketsLeft, seller)) }
        lines.withLock { $0.append("Tickets left: \(ticketsLeft), sold: \(sold)") }
    }

    /// Whether each seller's tickets came in strictly decreasing order.
    var sellersInOrder: Bool {
        let all = sales.withLock { $0 }
        return Dictionary(grouping: all, by: \.seller).values.allSatisfy { own in
            zip(own, own.dropFirst()).allSatisfy { $0.left > $1.left }
        }
    }

    func record(ticketsLeft: Int, in context: RunContext) {
        for line in lines.withLock({ $0 }) { context.log(line) }
        context.log("tickets left at the end: \(ticketsLeft)")
        context.record("sales", lines.withLock { $0.count })
        context.record("ticketsLeft", ticketsLeft)
        context.record("sellersInOrder", sellersInOrder)
    }
}
