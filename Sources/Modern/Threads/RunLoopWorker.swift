import CoreFoundation
import Foundation
import Synchronization

/// What replaces a run-loop worker thread: a task that consumes a stream of
/// requests, one at a time, in posting order.
///
/// Posting is `continuation.yield`, from any thread or task, and never blocks.
/// The worker awaits each request before it takes the next, so the order is
/// strict even when a request suspends. (An actor is the other answer, for
/// state rather than a queue of jobs: calls from one task arrive in order, but
/// a method that awaits lets the next call in.) There is no thread identity
/// and no run loop: nothing here is "on the worker thread". Waiting for a
/// request (`waitUntilDone:YES`) suspends instead of blocking.
///
/// A C API that delivers only through a run-loop source still needs a thread
/// that runs a run loop: the last section keeps one, hands each callback to an
/// `AsyncStream`, and lets async code consume it.
public nonisolated final class RunLoopWorker: Sendable {
    private let requests: AsyncStream<@Sendable () async -> Void>.Continuation
    private let worker: Task<Void, Never>

    /// Starts the worker task.
    public init() {
        let (stream, continuation) = AsyncStream.makeStream(
            of: (@Sendable () async -> Void).self)
        requests = continuation
        worker = Task {
            for await request in stream {
                await request()  // the next starts only after this one
            }
        }
    }

    /// A request posted after `stop()`: it never runs.
    public struct Stopped: Error {}

    /// Runs `block` later, after the blocks posted before. Returns `false`,
    /// and `block` never runs, once the worker has been stopped.
    @discardableResult
    public func perform(_ block: @escaping @Sendable () async -> Void) -> Bool {
        if case .terminated = requests.yield(block) { return false }
        return true
    }

    /// `waitUntilDone:YES`: suspends the caller until `block` has run.
    /// Throws `Stopped` at once, without running it, once the worker has been
    /// stopped: a dropped request must not leave its caller waiting forever.
    public func performAndWait(
        _ block: @escaping @Sendable () async -> Void
    ) async throws {
        try await withCheckedThrowingContinuation { done in
            let posted = perform {
                await block()
                done.resume()
            }
            if !posted { done.resume(throwing: Stopped()) }
        }
    }

    /// Stops after the blocks posted before, and waits for the last of them.
    public func stop() async {
        requests.finish()
        await worker.value
    }
}

// MARK: - No entry point of its own: the loop is the task's body

// The `for await` loop in `init` is the run loop: it sleeps while the stream
// is empty, and needs no keep-alive source. Finishing the stream ends it.

// MARK: - Hosting a run-loop-only source: a thread still, feeding a stream

nonisolated extension RunLoopWorker {
    /// A thread that hosts a C API's run-loop source and forwards each
    /// callback into `events`. The stream finishes when the thread has ended.
    public nonisolated final class SourceHost: Sendable {
        public let events: AsyncStream<String>
        private let continuation: AsyncStream<String>.Continuation
        private let runLoop = Mutex<CFRunLoop?>(nil)
        private let stopRequested = Atomic(false)

        private init() {
            (events, continuation) = AsyncStream.makeStream(of: String.self)
        }

        /// Starts the thread; returns once the source is in place.
        public static func start(
            makeSource:
                @escaping @Sendable (
                    _ callback: @escaping @Sendable (String) -> Void
                ) -> CFRunLoopSource
        ) async -> SourceHost {
            let host = SourceHost()
            await withCheckedContinuation { ready in
                Thread { host.threadMain(makeSource, ready: ready) }.start()
            }
            host.continuation.onTermination = { _ in host.stop() }
            return host
        }

        /// Asks the thread to stop; `events` finishes once it has.
        public func stop() {
            stopRequested.store(true, ordering: .sequentiallyConsistent)
            runLoop.withLock { runLoop in
                guard let runLoop else { return }
                CFRunLoopPerformBlock(runLoop, kCFRunLoopDefaultMode) {
                    CFRunLoopStop(CFRunLoopGetCurrent())
                }
                CFRunLoopWakeUp(runLoop)
            }
        }

        private func threadMain(
            _ makeSource: (@escaping @Sendable (String) -> Void)
                -> CFRunLoopSource,
            ready: CheckedContinuation<Void, Never>
        ) {
            let source = makeSource { [continuation] in continuation.yield($0) }
            CFRunLoopAddSource(
                CFRunLoopGetCurrent(), source, kCFRunLoopDefaultMode)
            runLoop.withLock { $0 = CFRunLoopGetCurrent() }
            ready.resume()
            while !stopRequested.load(ordering: .sequentiallyConsistent) {
                _ = RunLoop.current.run(mode: .default, before: .distantFuture)
            }
            CFRunLoopRemoveSource(
                CFRunLoopGetCurrent(), source, kCFRunLoopDefaultMode)
            runLoop.withLock { $0 = nil }
            continuation.finish()  // the last thing the thread does
        }
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

nonisolated extension RunLoopWorker {
    /// Posts `count` requests, then one more that the caller waits for, then
    /// stops the worker.
    public static func serveRequests(
        count: Int, log: @escaping @Sendable (String) -> Void
    ) async {
        let worker = RunLoopWorker()
        for number in 1...count {
            worker.perform { log("request \(number)") }
        }
        try? await worker.performAndWait {
            log("request \(count + 1), waited for")
        }
        log("the caller goes on")
        await worker.stop()
        log("stopped")
    }

    /// Hosts a source made by `makeSource`, lets the system `post` `events`,
    /// logs each callback from the stream, and stops once all have arrived.
    public static func hostSource(
        events: [String],
        makeSource:
            @escaping @Sendable (
                _ callback: @escaping @Sendable (String) -> Void
            ) -> CFRunLoopSource,
        post: (String) -> Void,
        log: @escaping @Sendable (String) -> Void
    ) async {
        let host = await SourceHost.start(makeSource: makeSource)
        for event in events { post(event) }
        var received = 0
        for await event in host.events {
            log("callback: \(event)")
            received += 1
            if received == events.count { host.stop() }
        }
        log("stopped")  // the stream ended: the thread has ended
    }
}
