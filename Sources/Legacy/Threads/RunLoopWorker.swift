import CoreFoundation
import Foundation

/// A long-lived thread with a run loop that runs blocks posted from other
/// threads, one at a time, in posting order, until it is stopped.
///
/// A secondary thread has a run loop only once it asks for one, and a run loop
/// with nothing to watch returns from `run(mode:before:)` at once (`false`), so
/// the thread adds a keep-alive source first: here a timer that never fires.
/// `performSelector:onThread:withObject:waitUntilDone:` doesn't exist on Linux;
/// `CFRunLoopPerformBlock` queues the block, and `CFRunLoopWakeUp` wakes the
/// sleeping loop to run it (`RunLoop.perform` alone may not).
/// `waitUntilDone: YES` is the same plus a semaphore. Stopping is a request
/// like any other: a block that sets the flag and stops the current run.
public final class RunLoopWorker: @unchecked Sendable {
    // `@unchecked Sendable`: `runLoop` is guarded by `lock`; `stopRequested`
    // and `hosted` are only touched on the worker thread.
    private let lock = NSLock()
    private var runLoop: CFRunLoop?
    private var stopRequested = false
    private var hosted: [CFRunLoopSource] = []
    private let ready = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)

    /// Starts the thread, and returns once its run loop takes requests.
    public init() {
        Thread { [self] in threadMain() }.start()
        ready.wait()
    }

    /// `performSelector:onThread:…waitUntilDone:NO`: runs `block` later, on
    /// the worker thread.
    public func perform(_ block: @escaping @Sendable () -> Void) {
        lock.withLock {
            guard let runLoop else { return }
            CFRunLoopPerformBlock(runLoop, kCFRunLoopDefaultMode, block)
            CFRunLoopWakeUp(runLoop)
        }
    }

    /// `waitUntilDone:YES`: blocks the caller until `block` has run.
    public func performAndWait(_ block: @escaping @Sendable () -> Void) {
        let done = DispatchSemaphore(value: 0)
        perform {
            block()
            done.signal()
        }
        done.wait()
    }

    /// Stops after the blocks posted before, and waits for the thread to end.
    public func stop() {
        perform { [self] in
            stopRequested = true
            CFRunLoopStop(CFRunLoopGetCurrent())  // ends the current run
        }
        finished.wait()
    }
}

// MARK: - The thread's entry point: a run loop kept alive by a source

extension RunLoopWorker {
    private func threadMain() {
        let runLoop = RunLoop.current
        // Without a source or a timer, run(mode:before:) returns false at once.
        let keepAlive = Timer(fire: .distantFuture, interval: 0, repeats: false)
        { _ in }
        runLoop.add(keepAlive, forMode: .default)
        lock.withLock { self.runLoop = CFRunLoopGetCurrent() }
        ready.signal()

        while !stopRequested
            && runLoop.run(mode: .default, before: .distantFuture)
        {}

        for source in hosted {
            CFRunLoopRemoveSource(
                CFRunLoopGetCurrent(), source, kCFRunLoopDefaultMode)
        }
        keepAlive.invalidate()
        lock.withLock { self.runLoop = nil }
        finished.signal()  // the last thing the thread does
    }
}

// MARK: - Hosting a run-loop-only source: its callbacks run on this thread

extension RunLoopWorker {
    /// Adds a source that a C API created (an event tap, an Accessibility
    /// observer) to this thread's run loop: the API then calls its callback
    /// on this thread, for as long as the loop runs. `makeSource` runs on the
    /// worker thread, and `host` returns once the source is in place.
    public func host(_ makeSource: @escaping @Sendable () -> CFRunLoopSource) {
        performAndWait { [self] in
            let source = makeSource()
            CFRunLoopAddSource(
                CFRunLoopGetCurrent(), source, kCFRunLoopDefaultMode)
            hosted.append(source)
        }
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

extension RunLoopWorker {
    /// Posts `count` requests, then one more that the caller waits for, then
    /// stops the worker.
    public static func serveRequests(
        count: Int, log: @escaping @Sendable (String) -> Void
    ) {
        let worker = RunLoopWorker()
        for number in 1...count {
            worker.perform { log("request \(number)") }
        }
        worker.performAndWait { log("request \(count + 1), waited for") }
        log("the caller goes on")
        worker.stop()
        log("stopped")
    }

    /// Hosts a source made by `makeSource`, lets the system `post` `events`,
    /// logs each callback, and stops once all have arrived.
    public static func hostSource(
        events: [String],
        makeSource:
            @escaping @Sendable (
                _ callback: @escaping @Sendable (String) -> Void
            ) -> CFRunLoopSource,
        post: (String) -> Void,
        log: @escaping @Sendable (String) -> Void
    ) {
        let worker = RunLoopWorker()
        let received = DispatchSemaphore(value: 0)
        worker.host {
            makeSource { event in
                log("callback: \(event)")
                received.signal()
            }
        }
        for event in events { post(event) }
        for _ in events { received.wait() }
        worker.stop()
        log("stopped")
    }
}
