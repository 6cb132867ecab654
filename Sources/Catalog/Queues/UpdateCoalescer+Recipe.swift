import Foundation
import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let coalesceNextTurn = Recipe(
        id: "coalesce-next-turn",
        title: "Many \"needs update\" requests, one flush",
        chapter: .queues,
        sources: [
            "Seen in real code: Instagram/IGListKit Source/IGListKit/Internal/IGListUpdateCoalescer.m"
        ],
        file: "Queues/UpdateCoalescer.swift",
        apis: [
            APIMapping(
                "dirty flag + one DispatchQueue.main.async flush per main-queue turn",
                "a `@MainActor` flag + one `Task { @MainActor in … }` flush"
            ),
            APIMapping(
                "dispatchPrecondition(condition: .onQueue(.main)) in setNeedsUpdate",
                "`@MainActor` on the type: the compiler checks what the precondition checked at run time"
            ),
        ],
        problem:
            "Several pieces of code ask for the same expensive update (reload a list, recompute a layout) within one pass of the main thread; the update should run once, after they are all done, and see all their requests. You have probably met this in IGListKit's `IGListUpdateCoalescer`, or as `setNeedsLayout`/`setNeedsDisplay` in UIKit itself.",
        changes: [
            "Legacy: the first request of a turn sets a dirty flag and posts one `DispatchQueue.main.async` flush; later requests only add their reason. Modern: the coalescer is `@MainActor`, and the first request starts one `Task { @MainActor in … }` flush. Neither can run before the current main-queue block or main-actor job (the caller) returns.",
            "Five requests in one synchronous turn give exactly one flush, after the caller returns, that sees all five; a request after the flush gives exactly one more (the output above, on both sides; `UpdateCoalescerTests.fiveRequestsInOneTurnGiveOneFlushAfterTheCallerReturnsThenOneMore`).",
            "The flag is cleared before `flush` is called, so a request made from inside the flush is not lost: it schedules exactly one more flush (`UpdateCoalescerTests.legacyARequestDuringTheFlushSchedulesExactlyOneMore`, `UpdateCoalescerTests.modernARequestDuringTheFlushSchedulesExactlyOneMore`).",
            "Under load: hundreds of callers on other threads (legacy: each posts its request to the main queue; modern: each `await`s the main-actor method) each appear in exactly one flush, no flush is empty, and a caller's two requests, made in one main-queue block or one main-actor call, land in the same flush, next to each other and in order (`UpdateCoalescerTests.hundredsOfCallersEachAppearInExactlyOneFlush`). A request never waits for the flush and is never dropped; a slow flush only makes the next batch bigger.",
            "On Linux the main actor's executor is the main queue, so both flushes go through the same queue; neither side ever asks which *thread* it is on (under Swift Testing it is not the main thread).",
        ],
        pitfalls: [
            "Clearing the flag after calling `flush` loses a request made during the flush: it sees the flag still set, and no flush is ever scheduled for it.",
            "Coalescing is per turn of the queue (or actor) that owns the flag. Requests that other threads post to main one by one land in different turns and may give several flushes; each request is still flushed exactly once, but \"one flush\" holds only for requests made within one turn.",
            "`Task.immediate { @MainActor in … }` (or `MainActor.assumeIsolated`) would run the flush inline, at the first request: exactly what coalescing must avoid. Use a plain `Task`, which runs after the current job.",
            "The scheduled flush holds the coalescer strongly until it has run, on both sides; IGListKit holds it weakly, which skips the flush when the owner is already gone. Pick one on purpose.",
        ],
        annotations: [
            "`UpdateCoalescer` (Legacy) is `@unchecked Sendable`: the posted block must capture it. Its state is main-queue state, and `dispatchPrecondition(condition: .onQueue(.main))` traps a call from any other queue.",
            "The legacy `flush` closure is not `@Sendable`: it is stored and called on the main queue only.",
        ],
        replaces: [.setNeedsUpdate],
        scenarios: [
            Scenario(
                rules: [.exact],
                legacy: { context in
                    await withCheckedContinuation { done in
                        DispatchQueue.main.async {
                            Legacy.UpdateCoalescer.fiveThenOne(log: context.log) { done.resume() }
                        }
                    }
                },
                modern: { context in
                    await Modern.UpdateCoalescer.fiveThenOne(log: context.log)
                }
            )
        ]
    )
}
