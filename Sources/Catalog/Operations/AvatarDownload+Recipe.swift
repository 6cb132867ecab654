import Foundation
import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let operationInvocationToMain = Recipe(
        id: "operation-invocation-to-main",
        title: "Download in an operation, then wait for the UI update",
        chapter: .operations,
        sources: [
            "The Read-And-Learn wiki page \"iOS并发编程\", its `NSInvocationOperation` example (`downloadImage:`, `performSelectorOnMainThread:…waitUntilDone:YES`)"
        ],
        file: "Operations/AvatarDownload.swift",
        apis: [
            APIMapping("NSInvocationOperation — not on Linux: BlockOperation", "a `@concurrent` function"),
            APIMapping(
                "performSelectorOnMainThread(_:with:waitUntilDone: true)",
                "`await MainActor.run { … }`"),
            APIMapping(
                "OperationQueue.main.addOperations(_:waitUntilFinished: true)",
                "`await MainActor.run { … }`"),
            APIMapping("OperationQueue + addOperation", "`Task { … }` from the main actor"),
        ],
        problem: """
            Download an image in a background operation, then update the UI on main and wait for \
            that update before the operation goes on.
            """,
        changes: [
            """
            The operation's method becomes a `@concurrent` function: the download runs off the \
            main actor, as the operation ran on the queue's thread. `viewDidLoad` starts it with \
            `Task { … }` and returns at once, as `addOperation` did.
            """,
            """
            `performSelectorOnMainThread:…waitUntilDone:YES` (here \
            `OperationQueue.main.addOperations([update], waitUntilFinished: true)`) becomes \
            `await MainActor.run { updateUI(data) }`. Both go on only after main has shown the \
            image, so `operation done` comes after `UI updated` \
            (`AvatarDownloadTests.theOperationGoesOnOnlyAfterTheUIUpdate`); the legacy operation \
            blocks its thread meanwhile, the task suspends.
            """,
            """
            The blocking `Data(contentsOf:)` becomes an `async throws` load (a fake here: the \
            example's URL is long dead), and a failed download is logged instead of shown \
            (`AvatarDownloadTests.aFailedDownloadShowsNothing`).
            """,
        ],
        pitfalls: [
            """
            Translating `waitUntilDone:YES` to `DispatchQueue.main.sync` is right only off main. \
            `performSelectorOnMainThread` called from main runs the selector inline, but \
            `main.sync` from main waits for itself, a deadlock that libdispatch on Linux turns \
            into a trap (see `sync-deadlock`). `addOperations(_:waitUntilFinished: true)` onto \
            `OperationQueue.main` from main hangs, with no trap. `await MainActor.run` from the \
            main actor just runs the closure \
            (`AvatarDownloadTests.awaitMainActorRunFromTheMainActorJustRuns`).
            """,
            """
            A plain `async` function called from the main actor runs there under the Swift 6.2 \
            `NonisolatedNonsendingByDefault` setting; `@concurrent` is what keeps the download \
            off main whichever way the app is built.
            """,
            """
            Waiting for the UI is rarely needed. If the work after the update doesn't depend on \
            it, post the update (`Task { @MainActor in … }`, see `operation-main-queue-block`) and \
            go on.
            """,
        ],
        annotations: [
            """
            `AvatarDownload` is `Sendable` without `@unchecked`: it holds only constants, and \
            `OperationQueue` is `Sendable`. Its closures are `@escaping @Sendable`: `load` runs \
            on the queue's thread and `show` on main.
            """,
            """
            `completionBlock` takes a `@Sendable` closure: it runs on whichever thread finished \
            the operation.
            """,
        ],
        replaces: [
            .invocationOperation, .performSelectorOnMainThread, .waitUntilFinished, .mainOperationQueue,
            .blockOperation, .operationQueue, .addOperation,
        ],
        scenarios: [
            Scenario(
                rules: [.exact],
                legacy: { context in
                    try await AvatarDownloadFixture.runLegacy(context, failing: false)
                },
                modern: { context in
                    try await AvatarDownloadFixture.runModern(context, failing: false)
                }
            ),
            Scenario(
                "download fails",
                rules: [.exact],
                legacy: { context in
                    try await AvatarDownloadFixture.runLegacy(context, failing: true)
                },
                modern: { context in
                    try await AvatarDownloadFixture.runModern(context, failing: true)
                }
            ),
        ]
    )
}

/// The fake network and the fake screen both sides use.
enum AvatarDownloadFixture {
    static let url = URL(string: Legacy.AvatarDownload.kURL)!
    /// 2,048 seeded bytes standing in for the JPEG.
    static let image = Data(SplitMix64.numbers(count: 2_048, upTo: 255).map { UInt8($0) })

    static func loader(_ context: RunContext, failing: Bool) -> FakeLoader {
        FakeLoader(
            responses: [url: image], failing: failing ? [url] : [],
            latency: context.pace(.milliseconds(300)))
    }

    static func runLegacy(_ context: RunContext, failing: Bool) async throws {
        let loader = loader(context, failing: failing)
        let sink = UISink(log: context.log)
        let controller = Legacy.AvatarDownload(
            load: { try loader.loadBlocking($0) },
            show: { sink.showFromMainQueue($0) },
            log: context.log)
        await withCheckedContinuation { done in
            DispatchQueue.main.async {  // `viewDidLoad` runs on main
                controller.viewDidLoad { done.resume() }
            }
        }
    }

    static func runModern(_ context: RunContext, failing: Bool) async throws {
        let loader = loader(context, failing: failing)
        let sink = UISink(log: context.log)
        let loading = await MainActor.run {
            Modern.AvatarDownload(
                load: { try await loader.load($0) },
                show: { @MainActor in sink.show($0) },
                log: context.log
            ).viewDidLoad()
        }
        await loading.value
    }
}
