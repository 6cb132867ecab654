import Foundation
import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let operationMainQueueBlock = Recipe(
        id: "operation-main-queue-block",
        title: "One-off work on `OperationQueue.main`",
        chapter: .operations,
        sources: [
            "The Read-And-Learn wiki page \"iOS并发编程\", its one-off block on the main queue (`[[NSOperationQueue mainQueue] addOperationWithBlock:]`)",
            "The Read-And-Learn wiki page \"iOS并发编程\", its note on the main queue and custom queues",
        ],
        file: "Operations/MainQueueBlock.swift",
        apis: [
            APIMapping("OperationQueue.main.addOperation { … }", "`Task { @MainActor in … }`"),
            APIMapping(
                "OperationQueue.main.addOperation, waiting for it", "`await MainActor.run { … }`"),
            APIMapping(
                "Operation.cancel before it runs",
                "`task.cancel()`, and `Task.isCancelled` checked in the body"),
        ],
        problem: """
            Post a one-off block to the main queue from anywhere (a background callback, or main \
            itself) so that it runs there later, once, in the order posted.
            """,
        changes: [
            """
            `OperationQueue.main.addOperation { … }` becomes `Task { @MainActor in … }`. Both \
            return at once and run the body later on main; three posted one after the other run \
            in that order, once each (`MainQueueBlockTests.threeBlocksRunOnceEachInPostOrder`). \
            For tasks that order is a rule of Swift 6 (SE-0431): a task whose closure is \
            explicitly `@MainActor` is enqueued on the main actor as it is created.
            """,
            """
            Neither runs inline. Posted from main, the blocks wait until the poster returns: \
            `posted` comes first in both transcripts, from main and (with main held busy) from \
            the background (`MainQueueBlockTests.postedFromMainTheBlocksRunAfterThePosterReturns`). \
            To run inline when already on main, see `main-inline-or-async`.
            """,
            """
            The modern closure is `@MainActor`, so the compiler checks that main-actor state is \
            touched only there; the legacy block is only on main because it was put there. Both \
            sides' `show` asserts main isolation with `MainActor.assertIsolated()`, which on the \
            legacy side checks the main queue.
            """,
            """
            From async code that must wait for the update, `await MainActor.run { … }` is the \
            same hop, awaited: the caller suspends instead of blocking (see \
            `operation-invocation-to-main`).
            """,
        ],
        pitfalls: [
            """
            A `Task {}` without `@MainActor` created in nonisolated code runs on the shared pool, \
            not on main. Write the isolation on the closure, or call a `@MainActor` function.
            """,
            """
            Posted blocks run only if someone drains the main queue: an app's run loop, \
            `dispatchMain()`, `RunLoop.main.run()`, or an async `main`. A command-line tool whose \
            synchronous `main` returns never runs them. Never block main (a semaphore, \
            `group.wait()`) waiting for a block posted to main: that deadlocks.
            """,
            """
            `Task { @MainActor in … }` from the main actor is not `await MainActor.run`: the first \
            runs later, the second runs at once when already there.
            """,
        ],
        platformNotes: [
            """
            **Linux**: the main queue and the main actor may run on a thread that is not the \
            process's main thread: under Swift Testing a main-queue block sees \
            `Thread.isMainThread == false` \
            (`MainQueueBlockTests.legacyBlocksRunOffTheMainThreadOnLinux`). Assert isolation \
            (`MainActor.assertIsolated()`, `dispatchPrecondition(condition: .onQueue(.main))`), \
            never the thread.
            """,
        ],
        annotations: [
            """
            The blocks and `show` are `@escaping @Sendable`: they are created on one thread and \
            run on the main queue.
            """
        ],
        differences: [
            """
            Cancelled before the main queue gets to it, an operation never runs its block \
            (`MainQueueBlockTests.legacyCancelledOperationNeverRunsItsBlock`). A cancelled task \
            still runs its body, with `Task.isCancelled` set \
            (`MainQueueBlockTests.modernCancelledTaskStillRunsItsBody`), so the modern body checks \
            before it updates; with the check, both show nothing.
            """
        ],
        appTargetNote: "In an app target with default `MainActor` isolation, `postThree` and `postCancellable` would be main-actor-isolated, so only main-actor code could post; `nonisolated` keeps them callable from anywhere, with the `@MainActor` task closures doing the hop.",
        replaces: [.mainOperationQueue, .addOperation, .blockOperation, .operationCancel],
        scenarios: [
            Scenario(
                "from main",
                rules: [.exact],
                legacy: { context in
                    let sink = UISink(log: context.log)
                    await withCheckedContinuation { done in
                        DispatchQueue.main.async {
                            Legacy.MainQueueBlock.postThreeThenReturn(
                                show: MainQueueBlockFixture.legacyShow(sink), log: context.log
                            ) { done.resume() }
                        }
                    }
                },
                modern: { context in
                    let sink = UISink(log: context.log)
                    let tasks = await MainActor.run {
                        Modern.MainQueueBlock.postThreeThenReturn(
                            show: MainQueueBlockFixture.modernShow(sink), log: context.log)
                    }
                    for task in tasks { await task.value }
                }
            ),
            Scenario(
                "from background",
                rules: [.exact],
                legacy: { context in
                    let sink = UISink(log: context.log)
                    await withCheckedContinuation { done in
                        MainQueueHold.whileMainIsBusy {
                            Legacy.MainQueueBlock.postThreeThenReturn(
                                show: MainQueueBlockFixture.legacyShow(sink), log: context.log
                            ) { done.resume() }
                        }
                    }
                },
                modern: { context in
                    let sink = UISink(log: context.log)
                    let tasks = await withCheckedContinuation { done in
                        MainQueueHold.whileMainIsBusy {
                            done.resume(
                                returning: Modern.MainQueueBlock.postThreeThenReturn(
                                    show: MainQueueBlockFixture.modernShow(sink), log: context.log))
                        }
                    }
                    for task in tasks { await task.value }
                }
            ),
            Scenario(
                "cancelled before it runs",
                rules: [.exact],
                legacy: { context in
                    let sink = UISink(log: context.log)
                    await withCheckedContinuation { done in
                        MainQueueHold.whileMainIsBusy {
                            let operation = Legacy.MainQueueBlock.postCancellable(
                                show: MainQueueBlockFixture.legacyShow(sink))
                            operation.cancel()
                            context.log("cancelled")
                            OperationQueue.main.addOperation { done.resume() }
                        }
                    }
                    context.log("shown: \(sink.shown.count)")
                },
                modern: { context in
                    let sink = UISink(log: context.log)
                    let task = await withCheckedContinuation { done in
                        MainQueueHold.whileMainIsBusy {
                            let task = Modern.MainQueueBlock.postCancellable(
                                show: MainQueueBlockFixture.modernShow(sink))
                            task.cancel()
                            context.log("cancelled")
                            done.resume(returning: task)
                        }
                    }
                    await task.value
                    context.log("shown: \(sink.shown.count)")
                }
            ),
        ]
    )
}

/// The fake UI both sides update: each call asserts that it is isolated to main.
enum MainQueueBlockFixture {
    static func legacyShow(_ sink: UISink) -> @Sendable (String) -> Void {
        { line in
            MainActor.assertIsolated("a main-queue block ran off the main queue")
            sink.showFromMainQueue(line)
        }
    }

    static func modernShow(_ sink: UISink) -> @MainActor @Sendable (String) -> Void {
        { @MainActor line in sink.show(line) }
    }
}
