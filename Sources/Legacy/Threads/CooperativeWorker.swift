import Foundation

/// A worker thread that stops between chunks when asked, instead of being
/// killed.
///
/// This is the Threading Programming Guide's `threadMainPoint`: the thread
/// keeps an exit flag under `"ThreadShouldExitNow"` in its thread dictionary,
/// processes one chunk, lets its run loop handle whatever was posted to it, and
/// reads the flag again. Another thread never touches that dictionary; it posts
/// a block to the worker's run loop (`RunLoop.perform`), and the block sets the
/// flag on the worker thread. The loop then ends normally and the thread cleans
/// up after itself, which `Thread.exit()` (killing it) would skip. The guide
/// installs a custom input source for the request; a performed block does the
/// same job, and `run(until: Date())` runs it without sleeping.
public final class CooperativeWorker: @unchecked Sendable {
    private let chunks: Int
    private let process: @Sendable (Int) -> Void
    private let log: @Sendable (String) -> Void
    private let runLoopReady = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)
    // `@unchecked Sendable`: `workerRunLoop` is guarded by `lock`; the rest is
    // immutable.
    private let lock = NSLock()
    private var workerRunLoop: RunLoop?

    /// Starts the worker on a new thread, and returns once its run loop can
    /// take requests.
    ///
    /// - Parameters:
    ///   - chunks: how many chunks of work there are.
    ///   - process: one chunk of the work, given its number (1-based). Runs on
    ///     the worker thread.
    public init(
        chunks: Int,
        process: @escaping @Sendable (Int) -> Void,
        log: @escaping @Sendable (String) -> Void
    ) {
        self.chunks = chunks
        self.process = process
        self.log = log
        let thread = Thread { [self] in threadMainPoint() }
        thread.start()
        runLoopReady.wait()
    }

    /// Asks the worker to stop after the chunk it is working on. Callable from
    /// any thread.
    public func requestExit() {
        let runLoop = lock.withLock { workerRunLoop }
        runLoop?.perform { [log] in
            // Runs on the worker thread, inside its `run(until:)`.
            log("exit requested")
            Thread.current.threadDictionary["ThreadShouldExitNow"] = true
        }
    }

    /// Blocks the calling thread until the worker has cleaned up.
    public func waitUntilFinished() {
        finished.wait()
        finished.signal()  // let later callers through as well
    }
}

// MARK: - The thread's entry point: `threadMainPoint`

extension CooperativeWorker {
    private func threadMainPoint() {
        var moreWorkToDo = true
        var exitNow = false
        let runLoop = RunLoop.current

        // Add the exitNow flag to the thread dictionary.
        let threadDict = Thread.current.threadDictionary
        threadDict["ThreadShouldExitNow"] = exitNow

        // Where other threads post their requests.
        lock.withLock { workerRunLoop = runLoop }
        runLoopReady.signal()

        var processed = 0
        while moreWorkToDo && !exitNow {
            // Do one chunk of a larger body of work here.
            processed += 1
            log("chunk \(processed)")
            process(processed)
            moreWorkToDo = processed < chunks

            // Run the run loop once, without waiting, so that posted requests
            // are handled.
            runLoop.run(until: Date())

            // Check whether a request changed the exitNow value.
            exitNow = threadDict["ThreadShouldExitNow"] as? Bool ?? false
        }

        // Leaving through the entry point, the thread can clean up after
        // itself.
        log("cleanup: \(processed) of \(chunks) chunks processed")
        lock.withLock { workerRunLoop = nil }
        finished.signal()
    }
}
