import Dispatch
import Foundation
import LegacyApp
import Modern
import RecipeKit

extension Recipe {
    static let delegateConformanceIsolation = Recipe(
        id: "delegate-conformance-isolation",
        title: "A main-actor type conforming to an SDK's delegate protocol",
        chapter: .isolation,
        sources: [
            "Seen in real code: the second most reported Swift 6 problem of 2026 (about eight threads), an SDK's nonisolated delegate protocol (a session, location or Bluetooth delegate called on the SDK's queue) implemented by a view model that is `@MainActor`, explicitly or by an Xcode 26 app target's default",
            "SE-0470, Global-actor isolated conformances; SE-0423, Dynamic actor isolation enforcement from non-strict-concurrency contexts",
        ],
        file: "Isolation/TransferModel.swift",
        legacyFolder: "LegacyApp",
        sdkModule: "TransferKit",
        apis: [
            APIMapping(
                "extension Model: @preconcurrency SDKDelegate (a main-actor type, the delegate called on the SDK's queue)",
                "`nonisolated` witnesses that hand each call to the main actor (an `AsyncStream`, or `DispatchQueue.main.async`); an isolated conformance `extension Model: @MainActor SDKDelegate` where the SDK calls on the main queue"
            ),
        ],
        prose: Articles.recipe("delegate-conformance-isolation"),
        replaces: [.preconcurrency],
        scenarios: [
            Scenario(
                "SDK calls on its own queue",
                rules: [.subprocessDemo(legacy: .traps, modern: .finishes)],
                legacy: .childProcess(
                    .async { _, log in
                        let model = await LegacyApp.TransferModel(log: TransferChunks.tagged(log))
                        await withCheckedContinuation { finished in
                            Task { @MainActor in
                                model.progress.onFinished = { finished.resume() }
                                model.start(chunks: TransferChunks.sizes)
                            }
                        }
                    }),
                modern: .childProcess(
                    .async { _, log in
                        await Modern.TransferModel(log: TransferChunks.tagged(log))
                            .transfer(chunks: TransferChunks.sizes)
                    }),
                showsCrashReport: true
            ),
            Scenario(
                "isolated conformance",
                rules: [.invariant(["received"])],
                fixedOrder: true,
                legacy: { context in
                    let model = await LegacyApp.PlainTransferModel(log: TransferChunks.tagged(context.log))
                    await withCheckedContinuation { finished in
                        Task { @MainActor in
                            model.progress.onFinished = { finished.resume() }
                            model.start(chunks: TransferChunks.sizes)
                        }
                    }
                    context.record("received", await model.progress.received)
                },
                modern: { context in
                    let model = await MainQueueTransferModel(log: TransferChunks.tagged(context.log))
                    await model.transfer(chunks: TransferChunks.sizes)
                    context.record("received", await model.progress.received)
                }
            ),
            Scenario(
                "fixed: nonisolated witnesses hop to the main actor",
                rules: [.exact],
                legacy: { context in
                    let model = await HoppingTransferModel(log: TransferChunks.tagged(context.log))
                    await withCheckedContinuation { finished in
                        Task { @MainActor in
                            model.progress.onFinished = { finished.resume() }
                            model.start(chunks: TransferChunks.sizes)
                        }
                    }
                },
                modern: { context in
                    await Modern.TransferModel(log: TransferChunks.tagged(context.log))
                        .transfer(chunks: TransferChunks.sizes)
                }
            ),
        ]
    )
}

/// The driver's transfer: three chunks, and a log that marks a line written off the main queue.
enum TransferChunks {
    static let sizes = [512, 1024, 256]

    /// Set on the main queue, so a line can tell whether it runs there (the main actor's executor).
    static let onMain: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()

    /// `log`, with ` (off the main queue)` after each line not logged on the main queue.
    static func tagged(_ log: @escaping @Sendable (String) -> Void) -> @Sendable (String) -> Void {
        let key = onMain
        return { line in log(DispatchQueue.getSpecific(key: key) == true ? line : line + " (off the main queue)") }
    }
}
