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
                "`Task {}` made in a `@MainActor` function: on the main actor, at the creating task's priority"
            ),
            APIMapping(
                "DispatchWorkItem.cancel (dispatch_block_cancel)",
                "`task.cancel()`, and the body checks `Task.isCancelled` first"
            ),
            APIMapping(
                "DispatchWorkItem.cancel on every queued item when the screen goes away",
                "`withTaskCancellationHandler` around the awaits: the caller's cancel cancels every task"
            ),
            APIMapping("DispatchWorkItem.isCancelled", "`Task.isCancelled`"),
            APIMapping(
                "DispatchGroup.enter / leave (a leave for every cancelled item)",
                "`await task.value` for each task: nothing to balance"
            ),
            APIMapping("DispatchGroup.notify", "the code after the awaits"),
            APIMapping("DispatchQueue.suspend / resume as a start gate", "tasks made on the main actor start only when it suspends"),
        ],
        prose: Articles.recipe("cancel-work-items"),
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
