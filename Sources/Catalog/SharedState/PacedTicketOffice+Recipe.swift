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
        prose: Articles.recipe("ticket-sale-condition"),
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
