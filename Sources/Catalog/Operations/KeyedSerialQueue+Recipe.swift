import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let keyedSerialExecution = Recipe(
        id: "keyed-serial-execution",
        title: "Same key: one at a time, in order; different keys: in parallel",
        chapter: .operations,
        sources: [
            "Seen in real code: pluralsight/PSOperations PSOperations/ExclusivityController.swift (Apple's WWDC15 Advanced NSOperations)"
        ],
        file: "Operations/KeyedSerialQueue.swift",
        apis: [
            APIMapping(
                "addDependency on the key's unfinished operations",
                "an actor map `[Key: Task<Void, Never>]`; each new task awaits the previous one of its key"),
            APIMapping("operation.completionBlock", "the task's own last line (`finished(key, id)`)"),
            APIMapping("Operation.cancel", "`Task.cancel()`; the cancelled task still waits its turn"),
        ],
        problem: """
            Work on the same thing (a file, an account, a conversation) must run one job at a time \
            and in the order it was asked for, while work on different things runs in parallel. \
            You have probably met this in PSOperations' `ExclusivityController` (Apple's WWDC15 \
            "Advanced NSOperations"), where each new operation depends on the last one of its \
            category.
            """,
        changes: [
            """
            The legacy queue keeps, per key, the list of operations that haven't finished, and \
            makes each new operation depend on all of them. The modern actor keeps only the last \
            task of each key; the new task's first line is `await previous?.value`.
            """,
            """
            Awaiting a task's value ignores the waiter's cancellation, so a cancelled modern job \
            still waits for its turn, skips its work and then lets the next one go. That is why \
            one link is enough on the modern side, and why the legacy side needs every link.
            """,
            """
            The table shrinks when a key goes idle: the legacy completion block removes the \
            finished operation and the key with its last one; the modern task that is still its \
            key's tail when it ends removes the entry (both log `<key>: idle`, and \
            `KeyedSerialQueueTests.theTableIsEmptyWhenEveryKeyIsIdle` checks it under load).
            """,
            """
            Fairness and back-pressure: jobs of a key run FIFO, in the order `submit` reached the \
            lock or the actor (`KeyedSerialQueueTests.sameKeyRunsOneAtATimeInSubmissionOrder`); \
            `submit` never waits for the work and never drops a job, so a slow job only delays the \
            later jobs of its own key while other keys go on \
            (`KeyedSerialQueueTests.differentKeysRunAtTheSameTime`).
            """,
            """
            `run(key:_:)` is the awaiting form: the work runs in the caller's own task, in its \
            turn, so cancelling the caller cancels the job. Cancelled before its turn, even before \
            the call, the work never starts; cancelled while it runs, the work sees \
            `Task.isCancelled`; either way the next job of the key waits for the current one \
            (`KeyedSerialQueueTests.modernCancelledCallersAtEveryPointKeepTheChain`, \
            `.modernCallerCancelledBeforeTheCallNeverRunsItsWork`). A first version ran the work in \
            a task of its own and forwarded the cancel with `withTaskCancellationHandler`: on an idle \
            key that task could start the work before the handler reached it.
            """,
        ],
        pitfalls: [
            """
            Depending on the *last* operation of a key only, as `ExclusivityController` does, \
            breaks after a cancel: a cancelled operation becomes ready at once, whatever its \
            dependencies, finishes without running, and the operation after it starts while the \
            one before it is still running \
            (`KeyedSerialQueueTests.dependingOnTheLastOperationOnlyOverlapsAfterACancel`). Depend on \
            every unfinished operation of the key, or use the modern chain.
            """,
            """
            A map that is never pruned keeps one finished operation or task per key ever used: \
            remove the entry when the key goes idle, and only if it still holds *your* job (the \
            `id` check), or a late cleanup deletes a newer job's entry and the next job no longer \
            waits for it.
            """,
            """
            The modern `work` closure is `@concurrent`. With `NonisolatedNonsendingByDefault`, a \
            plain `@Sendable () async -> Void` called from the actor's task would run on the \
            actor, and jobs of different keys would take turns on it.
            """,
            """
            Submission order is the order in which callers reach the lock or the actor. Two \
            callers that submit at the same moment from different threads or tasks have no order \
            between them; submit from one caller when the order matters.
            """,
            """
            Every pending legacy operation of a key depends on all earlier unfinished ones: \
            n queued jobs of one key make n²/2 dependency links. Fine for tens or hundreds; for \
            long backlogs use the modern chain, which keeps one link per job.
            """,
        ],
        annotations: [
            """
            `KeyedSerialQueue` is `@unchecked Sendable`: its table of unfinished operations is \
            only touched while holding its `NSLock`; the `OperationQueue` locks its own state.
            """,
            """
            The work closures and the log are `@escaping @Sendable`: they run on the queue's \
            threads, and the completion block on a global queue.
            """,
        ],
        differences: [
            """
            The legacy completion block runs later, on a global queue, so the legacy `<key>: idle` \
            line and the removal of the key come a moment after the last job of the key has \
            finished; the modern entry is removed by the job's own task before its handle \
            returns (`KeyedSerialQueueTests.modernEntryIsGoneWhenTheLastHandleReturns`).
            """,
            """
            A cancelled legacy operation is finished at once, without waiting for the operations \
            before it; a cancelled modern task still waits for the task before it, and only then \
            ends. On both sides the next job of the key waits for the running one \
            (`KeyedSerialQueueTests.legacyCancelledOperationFinishesAtOnce`, \
            `KeyedSerialQueueTests.modernCancelledTaskEndsOnlyAfterItsPredecessor`).
            """,
        ],
        replaces: [.addDependency, .operationQueue, .blockOperation, .operationCancel],
        scenarios: [
            Scenario(
                rules: [.perSourceOrder(["a:", "b:"])],
                legacy: { context in
                    await withCheckedContinuation { done in
                        Legacy.KeyedSerialQueue<String>.runDemo(
                            work: context.pace(.milliseconds(200)), log: context.log
                        ) { done.resume() }
                    }
                },
                modern: { context in
                    await Modern.KeyedSerialQueue<String>.runDemo(
                        work: context.pace(.milliseconds(200)), log: context.log)
                }
            ),
            Scenario(
                "different keys meet",
                rules: [.invariant(["keysMet"])],
                legacy: { context in
                    let met = await onOwnThread {
                        Legacy.KeyedSerialQueue<String>.keysMeet(timeout: .seconds(10))
                    }
                    context.log("a and b met: \(met)")
                    context.record("keysMet", met)
                },
                modern: { context in
                    let met = await Modern.KeyedSerialQueue<String>.keysMeet()
                    context.log("a and b met: \(met)")
                    context.record("keysMet", met)
                }
            ),
        ]
    )
}
