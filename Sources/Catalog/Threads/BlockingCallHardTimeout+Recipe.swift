import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let blockingCallHardTimeout = Recipe(
        id: "blocking-call-hard-timeout",
        title: "A blocking C call that must not outlive its deadline",
        chapter: .threads,
        sources: [
            "W. Richard Stevens, *Unix Network Programming*, vol. 1, \"shutdown Function\" (a pending read returns end-of-file)",
            "Seen in real code: a C or socket call on `DispatchQueue.global().async`, waited on with `DispatchSemaphore.wait(timeout:)` and abandoned when the wait times out",
        ],
        file: "Threads/BlockingCallHardTimeout.swift",
        apis: [
            APIMapping(
                "DispatchSemaphore.wait(timeout:) around a blocking call on DispatchQueue.global(), the call abandoned at the deadline",
                "the call on a thread of its own, raced against `Task.sleep` in a task group; the loser is cancelled, and"
                    + " `withTaskCancellationHandler` interrupts the call (`shutdown`) and awaits its thread"
            ),
            APIMapping(
                "shutdown(2) on the call's socket after the timed-out wait, then DispatchSemaphore.wait() for the block's end",
                "the same `shutdown` as the `interrupt` the cancellation handler runs; the group awaits the call's child"
            ),
            APIMapping(
                "pthread_cancel or pthread_kill on a thread stuck in a blocking call",
                "no equivalent: a thread can't be killed; interrupt the call through its descriptor"
            ),
        ],
        prose: Articles.recipe("blocking-call-hard-timeout"),
        isBridging: true,
        replaces: [
            CodeShape(
                "pthread_cancel / pthread_kill on a blocked thread",
                swift: ["pthread_cancel", "pthread_kill"], objc: ["pthread_cancel", "pthread_kill"],
                modern: "interrupt the call through its descriptor from `withTaskCancellationHandler`; await its thread"),
            .semaphoreAsSignal, .queueAsync,
        ],
        scenarios: [
            Scenario(
                "the answer arrives first",
                rules: [.exact],
                legacy: { context in
                    let log = context.log
                    await onOwnThread {
                        Legacy.BlockingCallHardTimeout.answerBeforeDeadline(timeout: .seconds(60), log: log)
                    }
                },
                modern: { context in
                    await Modern.BlockingCallHardTimeout.answerBeforeDeadline(timeout: .seconds(60), log: context.log)
                }
            ),
            Scenario(
                "the deadline passes",
                rules: [.exact],
                legacy: { context in
                    let log = context.log
                    let timeout = context.pace(.milliseconds(500))
                    await onOwnThread { Legacy.BlockingCallHardTimeout.deadlinePasses(timeout: timeout, log: log) }
                },
                modern: { context in
                    await Modern.BlockingCallHardTimeout.deadlinePasses(
                        timeout: context.pace(.milliseconds(500)), log: context.log)
                }
            ),
            Scenario(
                "cancelled while blocked",
                rules: [.exact],
                legacy: { context in
                    let log = context.log
                    await onOwnThread { Legacy.BlockingCallHardTimeout.cancelledWhileBlocked(log: log) }
                },
                modern: { context in
                    await Modern.BlockingCallHardTimeout.cancelledWhileBlocked(log: context.log)
                }
            ),
            Scenario(
                "what not to do: stop only the waiting",
                rules: [.exact],
                legacy: { context in
                    let log = context.log
                    let timeout = context.pace(.milliseconds(500))
                    await onOwnThread { Legacy.BlockingCallHardTimeout.abandonedAtDeadline(timeout: timeout, log: log) }
                },
                modern: { context in
                    await Modern.BlockingCallHardTimeout.abandonedAtDeadline(
                        timeout: context.pace(.milliseconds(500)), log: context.log)
                }
            ),
        ]
    )
}
