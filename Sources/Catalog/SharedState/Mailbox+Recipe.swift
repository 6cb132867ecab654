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
        problem: """
            Hand a payload from one thread to another so that the reader never sees the \
            \"ready\" flag without the whole payload, although processors and compilers reorder \
            plain memory accesses.
            """,
        changes: [
            """
            The legacy side publishes under an `NSLock`: a lock implies the barriers, so whatever \
            the writer stored before `unlock()` is visible to the reader that takes the lock \
            next. The modern side drops the lock: the payload goes into `Atomic` slots (relaxed), \
            and the flag is stored `.releasing` and loaded `.acquiring`, which orders the payload \
            with it.
            """,
            """
            Over 10,000 rounds (a writer fills four slots with the round number, then raises the \
            flag; the reader waits for the flag, reads, lowers it) both sides receive every \
            round, in order, never torn (`MailboxTests.everyRoundArrivesWholeAndInOrder`).
            """,
            """
            Waiting differs: the legacy threads spin with `sched_yield()`, which is fine on \
            threads of their own; the modern tasks spin with `await Task.yield()`, so neither \
            blocks one of the cooperative pool's few threads while it waits.
            """,
        ],
        pitfalls: [
            """
            A test cannot prove a missing barrier wrong: x86 keeps stores in order and loads in \
            order, so this demo would very likely pass there even with everything `.relaxed`. \
            ARM (every iPhone, Apple silicon Macs) does reorder. Get the orderings right by reasoning, not by testing, or avoid \
            them: a `Mutex` or an actor needs no orderings at all.
            """,
            """
            This release/acquire mailbox is for one writer and one reader. Two writers could both \
            see the flag down and overwrite each other's payload; use a `Mutex` for anything more.
            """,
            """
            `.relaxed` on the flag would let the reader see the flag up and an old payload (on \
            ARM). `.sequentiallyConsistent` is the strongest ordering, and for a flag like this \
            one rarely measurably slower; choose it when unsure.
            """,
        ],
        annotations: [
            """
            `Mailbox` is `@unchecked Sendable`: `payload` and `full` are only touched while \
            holding its `NSLock`. The driver's report box is guarded the same way.
            """
        ],
        appTargetNote: "In an app target with default `MainActor` isolation, `Mailbox` would land on the main actor, so the writer task could not call `tryPut`; `nonisolated` keeps the lock-free hand-off between two tasks.",
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
