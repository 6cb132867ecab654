import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let interruptibleBlockingWorker = Recipe(
        id: "interruptible-blocking-worker",
        title: "Stopping a thread blocked in device or socket I/O",
        chapter: .threads,
        sources: [
            "W. Richard Stevens, *Unix Network Programming*, vol. 1, \"shutdown Function\" (a pending read returns end-of-file)",
            "D. J. Bernstein, \"The self-pipe trick\" (waking a blocked `select`/`poll` from elsewhere)",
        ],
        file: "Threads/InterruptibleBlockingWorker.swift",
        apis: [
            APIMapping(
                "a Thread blocked in read(2), stopped by shutdown(2) on its socket after setting a flag",
                "the same thread, kept, blocked in `poll` on the descriptor and a self-pipe; cancelling the awaiting task writes to the pipe from `withTaskCancellationHandler`"
            ),
            APIMapping(
                "DispatchSemaphore.wait(timeout:) as an interruptible retry sleep, signalled by stop()",
                "`poll` on the same self-pipe with the retry delay as its timeout"
            ),
            APIMapping(
                "a finished DispatchSemaphore the stopping thread waits on",
                "`try await worker.run()`, resumed by a continuation when the thread ends"
            ),
        ],
        prose: Articles.recipe("interruptible-blocking-worker"),
        isBridging: true,
        replaces: [
            CodeShape(
                "shutdown(2) to wake a blocked read", swift: ["shutdown(SHUT_RDWR)", "shutdown(SHUT_RD)"],
                objc: ["shutdown(SHUT_RDWR)", "shutdown(SHUT_RD)"],
                modern: "a self-pipe written from `withTaskCancellationHandler`, the worker in `poll`"),
            .thread, .semaphore,
        ],
        scenarios: [
            Scenario(
                "two connections, stopped mid-read",
                rules: [.exact],
                legacy: { context in
                    let log = context.log
                    let delay = context.pace(.milliseconds(500))
                    await onOwnThread { Legacy.InterruptibleBlockingWorker.readThenStop(retryDelay: delay, log: log) }
                },
                modern: { context in
                    await Modern.InterruptibleBlockingWorker.readThenStop(
                        retryDelay: context.pace(.milliseconds(500)), log: context.log)
                }
            )
        ]
    )
}
