import Foundation

/// Runs a job in chunks off the caller's queue and reports its progress
/// through a handler called on a queue.
///
/// On Darwin an app observes a `Progress` (or `URLSessionTask.state`, or an
/// operation queue's `operationCount`) with KVO and wraps the observation in
/// exactly this callback shape:
///
///     observation = progress.observe(\.fractionCompleted) { progress, _ in
///         DispatchQueue.main.async { handler(progress.fractionCompleted) }
///     }
///
/// Linux has no KVO (corelibs `Progress` takes no observers), so the job calls
/// the handler itself after each chunk. Each value becomes one block on
/// `queue`: a slow queue gets every value, in order, later, and the blocks
/// pile up until it catches up. `completion` comes once, after the last value.
/// `progress.cancel()` stops the job before its next chunk.
public enum ProgressJob {
    /// Starts the job on a global queue and returns its `Progress`.
    @discardableResult
    public static func start(
        chunks: Int,
        work: @escaping @Sendable (Int) -> Void,
        handlerQueue queue: DispatchQueue = .main,
        progressHandler: @escaping @Sendable (Double) -> Void,
        completion: @escaping @Sendable () -> Void
    ) -> Progress {
        let progress = Progress(totalUnitCount: Int64(chunks))
        DispatchQueue.global().async {
            for chunk in 1...chunks {
                guard !progress.isCancelled else { break }
                work(chunk)
                progress.completedUnitCount += 1
                let fraction = progress.fractionCompleted
                queue.async { progressHandler(fraction) }
            }
            queue.async(execute: completion)  // after every value (FIFO)
        }
        return progress
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

extension ProgressJob {
    /// A five-chunk job, each chunk taking `chunkTime`, shown by a "UI" on
    /// `queue`. `finished` runs on `queue` after "done" is logged.
    public static func showFiveChunks(
        chunkTime: Duration,
        on queue: DispatchQueue,
        log: @escaping @Sendable (String) -> Void,
        finished: @escaping @Sendable () -> Void
    ) {
        let seconds = chunkTime / .seconds(1)
        start(
            chunks: 5,
            work: { _ in Thread.sleep(forTimeInterval: seconds) },
            handlerQueue: queue,
            progressHandler: { fraction in log("progress \(fraction)") },
            completion: {
                log("done")
                finished()
            }
        )
    }
}
