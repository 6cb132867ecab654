import CoreFoundation
import Foundation

/// A dedicated thread whose run loop runs every call into a C library that
/// may be used from one thread only.
///
/// Some C libraries (an interpreter, an audio or USB stack, an old toolkit)
/// keep per-thread state, or schedule their own sources on the run loop of
/// the thread that created them: every later call must come from that thread.
/// The app gives the library a thread, keeps the thread's run loop alive with
/// a source that never fires, and posts each call to it:
/// `CFRunLoopPerformBlock`, then `CFRunLoopWakeUp` so that a sleeping loop
/// notices (`perform(_:on:with:waitUntilDone:)`, the selector form, doesn't
/// exist on Linux). A caller that needs the result blocks on a semaphore.
public final class RunLoopExecutor: @unchecked Sendable {
    // `@unchecked Sendable`: `runLoop` and `closed` are guarded by `lock`;
    // `stopped` is only touched on the thread.
    private let lock = NSLock()
    private var runLoop: CFRunLoop?
    private var closed = false
    private var stopped = false
    private let ready = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)

    /// Starts the thread, and returns once its run loop takes calls.
    public init(name: String) {
        let thread = Thread { [self] in threadMain() }
        thread.name = name
        thread.start()
        ready.wait()
    }

    /// `waitUntilDone: false`: runs `block` on the thread, after the blocks
    /// posted before. Returns `false`, and drops the block, once closed.
    @discardableResult
    public func perform(_ block: @escaping @Sendable () -> Void) -> Bool {
        lock.withLock {
            guard let runLoop, !closed else { return false }
            CFRunLoopPerformBlock(runLoop, kCFRunLoopDefaultMode, block)
            CFRunLoopWakeUp(runLoop)
            return true
        }
    }

    /// `waitUntilDone: true`: blocks the caller until `block` has run on the
    /// thread, and returns its result; `nil` once closed.
    public func performAndWait<T>(_ block: @escaping @Sendable () -> T) -> T? {
        let done = DispatchSemaphore(value: 0)
        // Written on the thread, read after `done`: the semaphore orders them.
        nonisolated(unsafe) var result: T?
        let posted = perform {
            result = block()
            done.signal()
        }
        guard posted else { return nil }
        done.wait()
        return result
    }

    /// Refuses later calls, stops after the calls posted before, and waits
    /// until the thread has ended. Calling it again only waits.
    public func close() {
        lock.withLock {
            guard let runLoop, !closed else { return }
            closed = true
            CFRunLoopPerformBlock(runLoop, kCFRunLoopDefaultMode) { [self] in
                stopped = true
                CFRunLoopStop(CFRunLoopGetCurrent())
            }
            CFRunLoopWakeUp(runLoop)
        }
        finished.wait()
        finished.signal()  // passes the news on to the next close()
    }
}

// MARK: - The thread: one run loop, kept alive by a source

extension RunLoopExecutor {
    private func threadMain() {
        // A run loop with no source returns from run at once: add one that
        // is never signalled.
        var context = CFRunLoopSourceContext()
        context.perform = { _ in }
        let keepAlive = CFRunLoopSourceCreate(kCFAllocatorDefault, 0, &context)
        CFRunLoopAddSource(
            CFRunLoopGetCurrent(), keepAlive, kCFRunLoopDefaultMode)
        lock.withLock { runLoop = CFRunLoopGetCurrent() }
        ready.signal()

        // The library may stop the loop itself; only our stop block ends it.
        while !stopped {
            _ = RunLoop.current.run(mode: .default, before: .distantFuture)
        }

        CFRunLoopRemoveSource(
            CFRunLoopGetCurrent(), keepAlive, kCFRunLoopDefaultMode)
        lock.withLock { runLoop = nil }
        finished.signal()  // the last thing the thread does
    }
}

// MARK: - The library, bound to the thread

/// A C library made on the executor's thread and called only there.
///
/// Every call blocks its caller until the library has run it on its thread.
public final class ThreadBoundLibrary<Library>: @unchecked Sendable {
    // `@unchecked Sendable`: `library` is only touched on the thread.
    private let executor: RunLoopExecutor
    private var library: Library?

    /// Starts the thread and makes the library on it.
    public init(name: String, make: @escaping @Sendable () -> Library) {
        executor = RunLoopExecutor(name: name)
        _ = executor.performAndWait { [self] in library = make() }
    }

    /// Runs `body` with the library, on its thread; `nil` once closed.
    public func call<T>(_ body: @escaping @Sendable (Library) -> T) -> T? {
        executor.performAndWait { [self] in body(library!) }
    }

    /// Releases the library on its thread, then ends the thread.
    public func close() {
        _ = executor.performAndWait { [self] in library = nil }
        executor.close()
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

/// Stands in for the C library: it remembers the thread that made it, and
/// traps when called from another one, as such libraries do (or worse).
final class FakeThreadBoundLibrary {
    private let owner = pthread_self()
    private var next: [Int: Int] = [:]
    private(set) var calls = 0
    private(set) var outOfOrder = 0

    func call(caller: Int, number: Int) {
        precondition(pthread_equal(pthread_self(), owner) != 0, "wrong thread")
        if next[caller, default: 0] != number { outOfOrder += 1 }
        next[caller] = number + 1
        calls += 1
    }
}

extension RunLoopExecutor {
    /// `callers` threads call the library `callsEach` times each, then the
    /// library is closed and called once more.
    public static func serveCallers(
        callers: Int, callsEach: Int, log: @escaping @Sendable (String) -> Void
    ) {
        let library = ThreadBoundLibrary(name: "c-library") {
            FakeThreadBoundLibrary()
        }
        DispatchQueue.concurrentPerform(iterations: callers) { caller in
            for number in 0..<callsEach {
                _ = library.call { $0.call(caller: caller, number: number) }
            }
        }
        let tally = library.call { ($0.calls, $0.outOfOrder) }
        log("\(callers) callers × \(callsEach) calls: \(tally?.0 ?? 0) ran")
        log("all on the library's thread, out of order: \(tally?.1 ?? -1)")
        library.close()
        log("closed: the thread has ended")
        let late = library.call { $0.calls }
        log("a call after close: \(late == nil ? "refused" : "ran")")
    }
}
