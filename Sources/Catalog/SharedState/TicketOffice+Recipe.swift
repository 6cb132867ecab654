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
        prose: Articles.recipe("ticket-sale-lock"),
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
