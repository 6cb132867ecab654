import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let pendingReplies = Recipe(
        id: "pending-replies",
        title: "Requests matched to replies by id, with a timeout",
        chapter: .bridging,
        sources: [
            "Seen in real code: request/reply clients over one connection (WebSocket RPC, socket ack numbers, "
                + "Bluetooth characteristics) that keep `[id: completion]` on a serial queue and time out with "
                + "`asyncAfter`"
        ],
        file: "Bridging/PendingReplies.swift",
        apis: [
            APIMapping(
                "`pendingRequests[id]` on a serial queue, popped by the reply or by `asyncAfter`",
                "a `Mutex`-guarded `[id: CheckedContinuation]`, resumed by the frame reader, "
                    + "removed on cancellation, raced by `withTimeout`"),
            APIMapping(
                "queue.async { pendingRequests[id] = completion } before the send",
                "the continuation registered inside `withCheckedThrowingContinuation`, then `send()`"),
            APIMapping(
                "asyncAfter popping the entry and calling it with nil",
                "`withTimeout` cancelling the wait; `withTaskCancellationHandler` removes and resumes it"),
            APIMapping(
                "pendingRead: one stored completion, called by a UI event or with nil",
                "one `CheckedContinuation<String?, Never>` and its read id in a `Mutex`"),
        ],
        prose: Articles.recipe("pending-replies"),
        modernNeeds: ["Timers/WithTimeout.swift"],
        replaces: [.pendingCompletions, .asyncAfter, .queueSync, .completionHandler],
        scenarios: [
            Scenario(
                "100 requests, 10 unanswered",
                rules: [.exact],
                legacy: { context in
                    let plan = PendingRepliesPlan(context)
                    await withCheckedContinuation { done in
                        Legacy.PendingReplies<String>.exercise(
                            count: plan.count, unanswered: plan.unanswered, replyOrder: plan.replyOrder,
                            timeout: plan.timeout, log: context.log
                        ) { done.resume() }
                    }
                },
                modern: { context in
                    let plan = PendingRepliesPlan(context)
                    await Modern.PendingReplies<String>.exercise(
                        count: plan.count, unanswered: plan.unanswered, replyOrder: plan.replyOrder,
                        timeout: plan.timeout, log: context.log)
                }
            ),
            Scenario(
                "one pending read",
                rules: [.exact],
                legacy: { context in
                    await withCheckedContinuation { done in
                        Legacy.PendingRead.exercise(log: context.log) { done.resume() }
                    }
                },
                modern: { context in await Modern.PendingRead.exercise(log: context.log) }
            ),
        ]
    )
}

/// The main scenario's workload: 100 request ids, replies in a seeded shuffled order, 10 seeded ids
/// never answered (until they are late), and a paced 5 s timeout that only those 10 reach.
///
/// The timeout is never below one second, whatever the pace: it must outlast the time between the
/// first request and the 90th reply, which is not the recipe's to pace. At the test pace 5 s would
/// be 50 ms, and a sanitized run on two busy cores took longer than that to start the 100 requests:
/// it timed out 86 of them.
struct PendingRepliesPlan {
    let count = 100
    let unanswered: Set<Int>
    let replyOrder: [Int]
    let timeout: Duration

    init(_ context: RunContext) {
        var random = SplitMix64(seed: SplitMix64.defaultSeed)
        replyOrder = Array(0..<count).shuffled(using: &random)
        unanswered = Set(Array(0..<count).shuffled(using: &random).prefix(10))
        timeout = max(context.pace(.seconds(5)), .seconds(1))
    }
}
