import Dispatch
import Foundation
import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let backgroundThenMain = Recipe(
        id: "background-then-main",
        title: "Work off the main thread, then deliver on main",
        chapter: .queues,
        sources: [
            "*iOS Programming Cookbook*, §7.6 \"Executing Non-UI Related Tasks Asynchronously with GCD\" (its image download in `viewDidAppear:`)",
            "*Grand Central Dispatch Tutorial for Swift: Part 1/2* (raywenderlich.com, 2015), \"Sample Project\" (GooglyPuff) and \"Handling Background Tasks\" (its `viewDidLoad` and the global-queue shortcut variables)",
            "The Read-And-Learn wiki page \"iOS并发编程\", its `dispatch_async` image-download example and its quotation of the GCD tutorial's `viewDidLoad`",
        ],
        file: "Queues/PhotoDetail.swift",
        apis: [
            APIMapping("DispatchQueue.global(qos:)", "a `@concurrent` function, awaited from the main actor"),
            APIMapping(
                "DispatchQueue.async", "`Task {}` started from the main actor; the `await` of a `@concurrent` function"),
            APIMapping("DispatchQueue.main", "`@MainActor` view model: the code after the `await` is back on main"),
            APIMapping("DispatchQueue.sync", "`await` (the caller suspends, not blocks)"),
            APIMapping(
                "NSURLConnection (sendSynchronousRequest, delegate, sendAsynchronousRequest)",
                "injected async loader; `URLSession.data(for:)`"),
        ],
        prose: Articles.recipe("background-then-main"),
        replaces: [
            .mainAsync,
            .globalQueue,
            .queueAsync,
            .mainSync,
            .queueSync,
            .performSelectorInBackground,
            .performSelectorOnMainThread,
        ],
        scenarios: [
            Scenario(
                rules: [.exact],
                legacy: { context in
                    try await PhotoDetailFixture.runLegacy(context, photo: PhotoDetailFixture.photo, nestedSync: false)
                },
                modern: { context in
                    try await PhotoDetailFixture.runModern(context, photo: PhotoDetailFixture.photo)
                }
            ),
            Scenario(
                "nested sync",
                rules: [.exact],
                legacy: { context in
                    try await PhotoDetailFixture.runLegacy(context, photo: PhotoDetailFixture.photo, nestedSync: true)
                },
                modern: { context in
                    try await PhotoDetailFixture.runModern(context, photo: PhotoDetailFixture.photo)
                }
            ),
            Scenario(
                "missing file",
                rules: [.exact],
                legacy: { context in
                    try await PhotoDetailFixture.runLegacy(context, photo: nil, nestedSync: true)
                },
                modern: { context in
                    try await PhotoDetailFixture.runModern(context, photo: nil)
                }
            ),
            Scenario(
                "empty file",
                rules: [.exact],
                legacy: { context in
                    try await PhotoDetailFixture.runLegacy(context, photo: Data(), nestedSync: true)
                },
                modern: { context in
                    try await PhotoDetailFixture.runModern(context, photo: Data())
                }
            ),
        ]
    )
}

/// The photo on disk and the two callers, each on main as a view controller's method would be.
private enum PhotoDetailFixture {
    /// 64 seeded bytes standing in for a JPEG.
    static let photo = Data(SplitMix64.numbers(count: 64, upTo: 255).map { UInt8($0) })

    /// What the UI shows for an image: its size and first bytes.
    static func summary(_ image: Data) -> String {
        let start = image.prefix(8).map { String($0, radix: 16).leftPadded(to: 2) }.joined(separator: " ")
        return "delivered \(image.count) bytes: \(start) …"
    }

    /// Writes `photo` (nothing, when `nil`) as `photo.jpg` in a fresh directory and runs `body`
    /// with its URL. The success path logs `returned` after the call; the failure paths don't,
    /// because the legacy side logs its error on a background queue at an unknown moment.
    static func withPhoto(_ photo: Data?, _ body: (URL, Bool) async throws -> Void) async throws {
        let directory = try TemporaryDirectory(prefix: "background-then-main")
        defer { directory.remove() }
        let url = directory.url.appendingPathComponent("photo.jpg")
        try photo?.write(to: url)
        try await body(url, photo?.isEmpty == false)
    }

    static func runLegacy(_ context: RunContext, photo: Data?, nestedSync: Bool) async throws {
        try await withPhoto(photo) { url, logsReturned in
            let sink = UISink(log: context.log)
            await withCheckedContinuation { done in
                DispatchQueue.main.async {  // the caller is on main, like `viewDidLoad`
                    let show: @Sendable (Data) -> Void = { sink.showFromMainQueue(summary($0)) }
                    let load: @Sendable (URL) throws -> Data = { try Data(contentsOf: $0) }
                    if nestedSync {
                        Legacy.PhotoDetail.showOverlayWithNestedSync(
                            from: url, load: load, log: context.log, show: show
                        ) { done.resume() }
                    } else {
                        Legacy.PhotoDetail.showOverlay(
                            from: url, load: load, log: context.log, show: show
                        ) { done.resume() }
                    }
                    if logsReturned { context.log("returned") }
                }
            }
        }
    }

    static func runModern(_ context: RunContext, photo: Data?) async throws {
        try await withPhoto(photo) { url, logsReturned in
            let sink = UISink(log: context.log)
            let model = await Modern.PhotoDetail(
                load: { try Data(contentsOf: $0) },
                log: context.log,
                show: { @MainActor in sink.show(summary($0)) }
            )
            let loading = await MainActor.run {  // the caller is on the main actor
                let loading = model.showOverlay(from: url)
                if logsReturned { context.log("returned") }
                return loading
            }
            await loading.value
        }
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
