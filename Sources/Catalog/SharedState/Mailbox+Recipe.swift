import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let memoryBarrierPublication = Recipe(
        id: "memory-barrier-publication",
        title: "Publish data safely: release/acquire",
        chapter: .sharedState,
        sources: ["The Read-And-Learn wiki page \"iOS并发编程\", its remark that out-of-order execution needs memory barriers"],
        file: "SharedState/Mailbox.swift",
        apis: [
            APIMapping("OSMemoryBarrier", "`Atomic` stores `.releasing`, loads `.acquiring`; `atomicMemoryFence(ordering:)`"),
            APIMapping("NSLock around the payload and its flag", "`Atomic<Bool>` flag with release/acquire; or a `Mutex`"),
        ],
        prose: Articles.recipe("memory-barrier-publication"),
        replaces: [.osAtomic, .nsLock, .thread, .dispatchGroup],
        scenarios: [
            Scenario(
                rules: [.invariant(["received", "torn", "outOfOrder"])],
                legacy: { context in
                    let report = await onOwnThread { Legacy.Mailbox.handOff(rounds: 10_000) }
                    MailboxReport.record(
                        received: report.received, torn: report.torn, outOfOrder: report.outOfOrder, in: context)
                },
                modern: { context in
                    let report = await Modern.Mailbox.handOff(rounds: 10_000)
                    MailboxReport.record(
                        received: report.received, torn: report.torn, outOfOrder: report.outOfOrder, in: context)
                }
            )
        ]
    )
}

/// What both sides log and record.
private enum MailboxReport {
    static func record(received: Int, torn: Int, outOfOrder: Int, in context: RunContext) {
        context.log("\(received) of 10000 rounds received: \(torn) torn, \(outOfOrder) out of order")
        context.record("received", received)
        context.record("torn", torn)
        context.record("outOfOrder", outOfOrder)
    }
}
