import Foundation
import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let cancelWorkItems = Recipe(
        id: "cancel-work-items",
        title: "Cancel queued blocks that haven't started",
        chapter: .cancellation,
        sources: [
            "The Read-And-Learn wiki page \"iOS并发编程\", its quotation of the GCD tutorial's Part 2 `downloadPhotosWithCompletion` (`dispatch_block_create` + `dispatch_block_cancel`)"
        ],
        file: "Cancellation/CancelWorkItems.swift",
        apis: [
            APIMapping(
                "DispatchWorkItem(flags: .inheritQoS) (dispatch_block_create)",
                "`Task {}` (inherits priority and actor)"
            ),
            APIMapping(
                "DispatchWorkItem.cancel (dispatch_block_cancel)",
                "`task.cancel()`, and the body checks `Task.isCancelled` first"
            ),
            APIMapping("DispatchWorkItem.isCancelled", "`Task.isCancelled`"),
            APIMapping(
                "DispatchGroup.enter / leave (a leave for every cancelled item)",
                "`await task.value` for each task: nothing to balance"
            ),
            APIMapping("DispatchGroup.notify", "the code after the awaits"),
            APIMapping("DispatchQueue.suspend / resume as a start gate", "tasks made on the main actor start only when it suspends"),
        ],
        problem: """
            Queue nine downloads (three addresses, three times each), then call some of them off \
            before they start, and still get exactly one completion with the right count.
            """,
        changes: [
            """
            A cancelled work item is skipped by its queue: its block never runs. A cancelled task is \
            not skipped: it starts, runs its body with `Task.isCancelled` set, and must return \
            early itself (`CancelWorkItemsTests.legacyCancelledItemNeverRuns`, \
            `CancelWorkItemsTests.modernCancelledTaskStillRunsItsBody`).
            """,
            """
            The group and its bookkeeping go: each item entered the group, so the classic version \
            leaves once for every item it cancels. The modern caller awaits every task's value (a \
            cancelled one returns `false` at once), and the count is the number of `true`s.
            """,
            """
            The start gate: the legacy items go to a serial queue held suspended until the cancels \
            are done. The modern tasks are made in a `@MainActor` function, and a main-actor task \
            can't start until that function suspends, so the cancels always land first.
            """,
            """
            Work that has started is where the two agree: `cancel()` on a running work item or task \
            only sets a flag, and the work runs to its end unless it reads the flag \
            (`CancelWorkItemsTests.startedWorkRunsToItsEndUnlessItChecks`, the \
            `started, checks` and `started, no check` scenarios).
            """,
        ],
        pitfalls: [
            """
            A cancelled task whose body doesn't check `Task.isCancelled` does all its work anyway: \
            only awaits that honour cancellation (`Task.sleep`, `URLSession.data(for:)`, \
            `checkCancellation()`) notice it for you.
            """,
            """
            `cancel()` only takes if the item hasn't started. The classic \
            `downloadPhotosWithCompletion` relies on the main queue to hold the items back; on a \
            concurrent or idle queue they may already be running, and then the cancel does \
            nothing while the group is left once too often (a trap).
            """,
            """
            A work item reading its own `isCancelled` needs a reference to itself, which its block \
            can't capture directly; the legacy file passes a weak one through a small box.
            """,
        ],
        annotations: [
            """
            `PhotoCount` is `@unchecked Sendable`: its count is guarded by an `NSLock`, because the \
            download callbacks run on several threads.
            """,
            """
            `ItemReference` is `@unchecked Sendable`: its `item` is written once, before the item \
            is queued, and only read by the block after `async` has ordered that write first.
            """,
            "The download, step and log closures are `@escaping @Sendable`: they run on the queues' threads.",
        ],
        differences: [
            """
            What a cancel before the start does: the queue never runs a cancelled item's block \
            (`CancelWorkItemsTests.legacyCancelledItemNeverRuns`), while a cancelled task still runs \
            its body, which sees `Task.isCancelled` and returns \
            (`CancelWorkItemsTests.modernCancelledTaskStillRunsItsBody`). Both download 6 photos.
            """
        ],
        errata: [
            """
            The Read-And-Learn wiki page "iOS并发编程", its quotation of the GCD tutorial's Part 2 \
            `downloadPhotosWithCompletion`: the comment says the global queue is serial; \
            `GlobalMainQueue` is the main queue, which is the serial one, and that is why the \
            cancels can come before any block starts. This page holds a serial queue suspended \
            instead.
            """
        ],
        appTargetNote: "In an app target with default `MainActor` isolation, `runSteps` would be main-actor-isolated and its task would inherit the main actor, so the stepping loop would run there; `nonisolated` keeps that task off the main actor, while `downloadPhotos` stays `@MainActor` on purpose.",
        replaces: [.workItem, .workItemCancel, .groupEnter, .groupLeave, .groupNotify, .queueSuspend],
        scenarios: [
            Scenario(
                rules: [.multiset, .invariant(["added"])],
                legacy: { context in
                    let loader = CancelWorkItemsFakes.loader(latency: context.pace(.milliseconds(500)))
                    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                        Legacy.CancelWorkItems.downloadPhotos(
                            addresses: CancelWorkItemsFakes.addresses,
                            cancelling: CancelWorkItemsFakes.cancelled,
                            download: { address, completion in
                                loader.load(URL(string: address)!) { completion(try? $0.get()) }
                            },
                            log: context.log,
                            completion: { added in
                                context.log("completion: \(added) photos added")
                                context.record("added", added)
                                done.resume()
                            }
                        )
                    }
                },
                modern: { context in
                    let loader = CancelWorkItemsFakes.loader(latency: context.pace(.milliseconds(500)))
                    let added = await Modern.CancelWorkItems.downloadPhotos(
                        addresses: CancelWorkItemsFakes.addresses,
                        cancelling: CancelWorkItemsFakes.cancelled,
                        download: { try? await loader.load(URL(string: $0)!) },
                        log: context.log
                    )
                    context.log("completion: \(added) photos added")
                    context.record("added", added)
                }
            ),
            Scenario(
                "started, checks",
                rules: [.exact],
                legacy: { context in
                    await onOwnThread {
                        Legacy.CancelWorkItems.cancelWhileRunning(5, pauseAfter: 2, checksCancel: true, log: context.log)
                    }
                },
                modern: { context in
                    await Modern.CancelWorkItems.cancelWhileRunning(5, pauseAfter: 2, checksCancel: true, log: context.log)
                }
            ),
            Scenario(
                "started, no check",
                rules: [.exact],
                legacy: { context in
                    await onOwnThread {
                        Legacy.CancelWorkItems.cancelWhileRunning(5, pauseAfter: 2, checksCancel: false, log: context.log)
                    }
                },
                modern: { context in
                    await Modern.CancelWorkItems.cancelWhileRunning(5, pauseAfter: 2, checksCancel: false, log: context.log)
                }
            ),
        ]
    )
}

/// The three photos of the classic `downloadPhotosWithCompletion`, and the fixed cancel mask.
enum CancelWorkItemsFakes {
    static let addresses = [
        "fake://photos/overly-attached-girlfriend.jpg", "fake://photos/success-kid.jpg",
        "fake://photos/lots-of-faces.jpg",
    ]
    static let cancelled: Set<Int> = [4, 6, 8]

    static func loader(latency: Duration) -> FakeLoader {
        FakeLoader(
            responses: Dictionary(uniqueKeysWithValues: addresses.map { (URL(string: $0)!, Data($0.utf8)) }),
            latency: latency)
    }
}
