/// The API becomes an `async` function: the caller awaits the result and
/// resumes in its own isolation, so there is no result queue to choose.
///
/// Nothing is kept, nothing is called back, and the result comes exactly once,
/// as the return value. `@concurrent` runs the processing on the shared pool
/// whoever calls it, so a `@MainActor` caller is suspended, not blocked. For
/// callers that still pass a handler, a shim starts a task and calls the
/// handler on the main actor, where the legacy API's usual result queue (the
/// main queue) called it; and a callback API you can't change is wrapped with
/// a checked continuation, resumed exactly once (a second resume traps; a
/// lost one is reported).
public nonisolated struct ImageProcessor: Sendable {
    private let process: @Sendable ([UInt8]) async -> Bool

    /// `process` does the actual processing; the default checks the image.
    public init(
        process: @escaping @Sendable ([UInt8]) async -> Bool = {
            ImageProcessor.check($0)
        }
    ) {
        self.process = process
    }

    @concurrent
    public func processImage(_ image: [UInt8]) async -> Bool {
        await process(image)
    }

    /// The shim for callers not yet migrated: the handler runs once, on the
    /// main actor, as it ran on the main queue. (A caller whose result queue
    /// was not main awaits `processImage(_:)` instead.)
    @discardableResult
    public func processImage(
        _ image: [UInt8],
        completionHandler handler: @escaping @MainActor @Sendable (Bool) -> Void
    ) -> Task<Void, Never> {
        Task {
            let success = await processImage(image)
            await handler(success)
        }
    }

    /// The other direction: awaiting a callback API you can't change.
    public static func awaiting(
        _ start: (@escaping @Sendable (Bool) -> Void) -> Void
    ) async -> Bool {
        await withCheckedContinuation { continuation in
            start { success in continuation.resume(returning: success) }
        }
    }

    /// Stand-in processing: an image is valid if it is not empty.
    public static func check(_ image: [UInt8]) -> Bool { !image.isEmpty }
}

// MARK: - Driver (the page's output; not part of the pattern)

nonisolated extension ImageProcessor {
    public static let sampleImage: [UInt8] = Array(0..<64)

    /// Starts the call as a child task, so the caller goes on meanwhile.
    public static func demo(
        _ processor: ImageProcessor,
        log: @Sendable (String) -> Void
    ) async {
        async let success = processor.processImage(sampleImage)
        log("returned")
        log("success = \(await success)")
    }

    /// A caller that still passes a handler, through the shim.
    public static func demoWithShim(
        _ processor: ImageProcessor,
        log: @escaping @Sendable (String) -> Void
    ) async {
        let task = processor.processImage(sampleImage) { success in
            log("success = \(success)")
        }
        log("returned")
        await task.value
    }
}
