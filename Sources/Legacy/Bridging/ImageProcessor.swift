import Dispatch

/// An asynchronous API in GCD style: the work runs on a private queue, and
/// the completion handler on the queue the caller chose.
///
/// `processImage` returns at once, so no caller ever waits on it, and no
/// caller can deadlock on it (the classic advice: asynchronous everywhere costs
/// some debuggability, and avoids deadlocks). The caller names `resultQueue`
/// (the main queue, for UI code); the API promises to call the handler there,
/// exactly once, with the result. The handler is `@escaping @Sendable`: it is
/// kept until the work is done, and called on another thread. The class holds
/// only constants of `Sendable` types, so it is `Sendable` as it stands.
public final class ImageProcessor: Sendable {
    private let isolationQueue = DispatchQueue(label: "ImageProcessor")
    private let resultQueue: DispatchQueue
    private let process: @Sendable ([UInt8]) -> Bool

    /// `process` does the actual processing; the default checks the image.
    public init(
        resultQueue: DispatchQueue,
        process: @escaping @Sendable ([UInt8]) -> Bool = ImageProcessor.check
    ) {
        self.resultQueue = resultQueue
        self.process = process
    }

    /// The classic `-processImage:completionHandler:`.
    public func processImage(
        _ image: [UInt8],
        completionHandler handler: @escaping @Sendable (Bool) -> Void
    ) {
        isolationQueue.async { [self] in
            let success = process(image)  // do actual processing here
            resultQueue.async { handler(success) }
        }
    }

    /// Stand-in processing: an image is valid if it is not empty.
    public static func check(_ image: [UInt8]) -> Bool { !image.isEmpty }
}

// MARK: - Driver (the page's output; not part of the pattern)

extension ImageProcessor {
    public static let sampleImage: [UInt8] = Array(0..<64)

    /// Calls the API from the caller's side; the handler checks its queue.
    public static func demo(
        _ processor: ImageProcessor,
        resultQueue: DispatchQueue,
        log: @escaping @Sendable (String) -> Void,
        done: @escaping @Sendable () -> Void
    ) {
        processor.processImage(sampleImage) { success in
            dispatchPrecondition(condition: .onQueue(resultQueue))
            log("success = \(success)")
            done()
        }
        log("returned")
    }
}
