import Foundation

/// An operation that works in chunks and checks `isCancelled` before each
/// one: `cancel()` is a request that `main` honours at its next check.
///
/// `cancel()` sets a flag and nothing more; it never stops a thread. An
/// operation that hasn't started yet never runs `main` once it is cancelled
/// (the base class's `start()` checks the flag), and still finishes, so its
/// queue lets it go and its dependents run. One that is running stops only
/// where `main` reads `isCancelled`: here, before every chunk (the classic
/// `while (notDone && !self.isCancelled)`). Either way it ends finished.
/// Subclasses restate `@unchecked Sendable`; this one adds constants and a
/// lock-protected counter.
public final class ChunkedOperation: Operation, @unchecked Sendable {
    // `@unchecked Sendable`: `processed` is only accessed holding `lock`;
    // everything else is a constant.
    public let job: String
    public let chunks: Int
    let log: @Sendable (String) -> Void
    let afterChunk: @Sendable (Int) -> Void
    private let lock = NSLock()
    private var processed = 0

    /// `afterChunk` runs after each chunk (the driver pauses there).
    public init(
        job: String,
        chunks: Int = 100,
        log: @escaping @Sendable (String) -> Void,
        afterChunk: @escaping @Sendable (Int) -> Void = { _ in }
    ) {
        self.job = job
        self.chunks = chunks
        self.log = log
        self.afterChunk = afterChunk
        super.init()
    }

    /// How many chunks `main` processed before it finished or was cancelled.
    public var processedChunks: Int { lock.withLock { processed } }

    public override func main() {
        // Check before every chunk: `cancel()` only sets the flag.
        while processedChunks < chunks && !isCancelled {
            let chunk = lock.withLock {
                processed += 1
                return processed
            }
            log("\(job) - chunk \(chunk)")
            afterChunk(chunk)
        }
    }

    /// The outcome, as both sides log it once the operation has finished.
    public var summary: String {
        "\(job) - processed \(processedChunks) of \(chunks) chunks, "
            + "cancelled: \(isCancelled)"
    }
}

// MARK: - A serial queue, cancelled all at once

extension ChunkedOperation {
    /// Runs one operation per name on a serial queue, then a report that
    /// depends on all of them. Returns the queue, so that the caller can
    /// `cancelAllOperations()`: the running operation stops at its next check,
    /// the queued ones never start, and the report still runs.
    public static func runSerially(
        _ names: [String],
        log: @escaping @Sendable (String) -> Void,
        afterChunk: @escaping @Sendable (String, Int) -> Void,
        completion: @escaping @Sendable () -> Void
    ) -> OperationQueue {
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        let operations = names.map { name in
            ChunkedOperation(job: name, log: log) { afterChunk(name, $0) }
        }
        let report = BlockOperation {
            for operation in operations { log(operation.summary) }
            completion()
        }
        // Wire the report before enqueueing anything.
        for operation in operations { report.addDependency(operation) }
        queue.addOperations(operations, waitUntilFinished: false)
        // The report isn't cancelled with the others: it runs on its own.
        OperationQueue().addOperation(report)
        return queue
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

extension ChunkedOperation {
    /// One operation, paused after chunk 10 until it has been cancelled:
    /// exactly 10 chunks are processed. Blocks until it has finished.
    public static func runCancelledWhileRunning(
        log: @escaping @Sendable (String) -> Void
    ) {
        let paused = DispatchSemaphore(value: 0)
        let resume = DispatchSemaphore(value: 0)
        let operation = ChunkedOperation(job: "A", log: log) { chunk in
            if chunk == 10 {
                paused.signal()
                resume.wait()
            }
        }
        let queue = OperationQueue()
        queue.addOperation(operation)
        paused.wait()
        operation.cancel()
        resume.signal()
        operation.waitUntilFinished()
        log(operation.summary)
    }

    /// A runs and B waits behind it; `cancelAllOperations()` once A has done
    /// 10 chunks. Blocks until the report has run.
    public static func runCancelAll(log: @escaping @Sendable (String) -> Void) {
        let paused = DispatchSemaphore(value: 0)
        let resume = DispatchSemaphore(value: 0)
        let reported = DispatchSemaphore(value: 0)
        let queue = runSerially(["A", "B"], log: log) { name, chunk in
            if name == "A" && chunk == 10 {
                paused.signal()
                resume.wait()
            }
        } completion: {
            reported.signal()
        }
        paused.wait()
        queue.cancelAllOperations()
        resume.signal()
        reported.wait()
    }
}
