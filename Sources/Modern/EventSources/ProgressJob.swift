/// Runs a job in chunks in a task and publishes its progress as an
/// `AsyncStream<Double>` that the UI consumes with `for await`.
///
/// The stream replaces both the KVO observation and the hop to main: the
/// consumer's own isolation (a `@MainActor` view model) decides where each
/// value is shown. The job yields after each chunk and finishes the stream
/// when it ends, so the loop ends once, after the last value: that is "done".
/// If the consumer's task is cancelled, or it leaves the loop while nothing
/// else holds the stream, `onTermination` cancels the job. The default buffer
/// is unbounded, like the legacy handler queue: a slow consumer gets every
/// value, in order, later. Pass
/// `.bufferingNewest(1)` when only the latest value matters: a slow consumer
/// then skips stale values, and still gets the last one before the end.
public nonisolated enum ProgressJob {
    /// Starts the job; returns its progress and the task running it.
    public static func start(
        chunks: Int,
        bufferingPolicy: AsyncStream<Double>.Continuation.BufferingPolicy =
            .unbounded,
        work: @escaping @Sendable (Int) async throws -> Void
    ) -> (progress: AsyncStream<Double>, job: Task<Void, Never>) {
        let (progress, continuation) = AsyncStream.makeStream(
            of: Double.self, bufferingPolicy: bufferingPolicy)
        let job = Task {
            defer { continuation.finish() }
            for chunk in 1...chunks {
                do {
                    try await work(chunk)
                } catch {
                    return  // cancelled, or the chunk failed
                }
                continuation.yield(Double(chunk) / Double(chunks))
            }
        }
        continuation.onTermination = { _ in job.cancel() }
        return (progress, job)
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

extension ProgressJob {
    /// A five-chunk job, each chunk taking `chunkTime`, shown by a
    /// `@MainActor` "UI".
    @MainActor
    public static func showFiveChunks(
        chunkTime: Duration,
        log: @escaping @Sendable (String) -> Void
    ) async {
        let (progress, _) = start(chunks: 5) { _ in
            try await Task.sleep(for: chunkTime)
        }
        for await fraction in progress {
            log("progress \(fraction)")
        }
        log("done")
    }
}
