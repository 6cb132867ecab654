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
        prose: Articles.recipe("operation-invocation-to-main"),
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
