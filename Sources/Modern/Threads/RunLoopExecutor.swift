import CoreFoundation
import Foundation
import Synchronization

/// A `SerialExecutor` that runs its jobs on one dedicated thread's run loop,
/// so that an actor can own a C library that must stay on that thread.
///
/// A task has no thread of its own, and an actor's methods run on whatever
/// cooperative thread is free; a library tied to one thread needs more. A
/// custom executor gives it: the runtime hands each job of the actor to
/// `enqueue`, which posts it to the thread's run loop
/// (`CFRunLoopPerformBlock`, then `CFRunLoopWakeUp`), and the run loop runs
/// it there with `runSynchronously(on:)`. Callers just `await` the actor.
/// `checkIsolated()` tells the runtime that code on the thread outside any
/// job (the library's own run-loop callbacks) may enter the actor with
/// `assumeIsolated`. The thread stays because the library demands it;
/// everything that is not a call into the library runs on the cooperative
/// pool as usual.
public nonisolated final class RunLoopExecutor: SerialExecutor {
    /// A call after `close()`.
    public struct Closed: Error {}

    private struct State {
        var runLoop: CFRunLoop?
        var closed = false
        var stopped = false
        var ended = false
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())

    private init() {}

    /// Starts the thread; returns once its run loop takes jobs.
    public static func start(name: String) async -> RunLoopExecutor {
        let executor = RunLoopExecutor()
        await withCheckedContinuation { ready in
            let thread = Thread { executor.threadMain(ready: ready) }
            thread.name = name
            thread.start()
        }
        return executor
    }

    /// Called by the runtime for each job on this executor: posts it to the
    /// run loop, after the jobs posted before, and wakes the loop.
    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedSerialExecutor()
        state.withLock { state in
            // A job that can't run would hang its task: fail loudly instead.
            guard let runLoop = state.runLoop, !state.closed else {
                preconditionFailure("RunLoopExecutor: a job after close()")
            }
            CFRunLoopPerformBlock(runLoop, kCFRunLoopDefaultMode) {
                job.runSynchronously(on: executor)
            }
            CFRunLoopWakeUp(runLoop)
        }
    }

    /// Called by the runtime when code that is not running one of this
    /// executor's jobs asks to be isolated to it (`assumeIsolated`): passes
    /// on the run loop's thread, traps anywhere else (SE-0424).
    public func checkIsolated() {
        let runLoop = state.withLock { $0.runLoop }
        precondition(
            runLoop != nil && CFRunLoopGetCurrent() === runLoop,
            "RunLoopExecutor: not on the run loop's thread")
    }

    /// Stops after the jobs posted before, and returns once the thread has
    /// ended. No job may arrive afterwards.
    public func close() async {
        await withCheckedContinuation { ended in
            state.withLock { state in
                guard !state.ended else { return ended.resume() }
                state.waiters.append(ended)
                guard let runLoop = state.runLoop, !state.closed else { return }
                state.closed = true
                CFRunLoopPerformBlock(runLoop, kCFRunLoopDefaultMode) {
                    self.state.withLock { $0.stopped = true }
                    CFRunLoopStop(CFRunLoopGetCurrent())
                }
                CFRunLoopWakeUp(runLoop)
            }
        }
    }
}

// MARK: - The thread: one run loop, kept alive by a source

nonisolated extension RunLoopExecutor {
    private func threadMain(ready: CheckedContinuation<Void, Never>) {
        // A run loop with no source returns at once: add one that is never
        // signalled.
        var context = CFRunLoopSourceContext()
        context.perform = { _ in }
        let keepAlive = CFRunLoopSourceCreate(kCFAllocatorDefault, 0, &context)
        CFRunLoopAddSource(
            CFRunLoopGetCurrent(), keepAlive, kCFRunLoopDefaultMode)
        state.withLock { $0.runLoop = CFRunLoopGetCurrent() }
        ready.resume()

        // The library may stop the loop itself; only close() ends it.
        while !state.withLock({ $0.stopped }) {
            CFRunLoopRun()
        }

        CFRunLoopRemoveSource(
            CFRunLoopGetCurrent(), keepAlive, kCFRunLoopDefaultMode)
        let waiters = state.withLock { state in
            state.runLoop = nil
            state.ended = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }  // the thread's last act
    }
}

// MARK: - The library, bound to the thread

/// An actor that owns a C library; its executor is the library's thread, so
/// every isolated method runs there.
///
/// Calls go through `call`, which lets none in after `close()` (they throw
/// `RunLoopExecutor.Closed`), and `close()` waits for the calls in flight:
/// no job can reach the executor once its thread has ended.
public actor ThreadBoundLibrary<Library> {
    private struct Gate {
        var open = true
        var inFlight = 0
        var drained: CheckedContinuation<Void, Never>?  // the first close()
        var closed = false
        var closeWaiters: [CheckedContinuation<Void, Never>] = []  // the others
    }

    private let executor: RunLoopExecutor
    private let gate = Mutex(Gate())
    private var library: Library?

    /// Where the runtime runs this actor's jobs: the library's thread.
    public nonisolated var unownedExecutor: UnownedSerialExecutor {
        executor.asUnownedSerialExecutor()
    }

    private init(executor: RunLoopExecutor) { self.executor = executor }

    /// Starts the thread and makes the library on it.
    public nonisolated static func open(
        name: String, make: @Sendable () -> Library
    ) async -> ThreadBoundLibrary {
        let bound = ThreadBoundLibrary(
            executor: await RunLoopExecutor.start(name: name))
        await bound.setUp(make)
        return bound
    }

    /// Runs `body` with the library, on its thread. A cancelled caller's call
    /// never reaches the library, even when it was cancelled while it waited
    /// for its turn on the thread.
    public nonisolated func call<T: Sendable>(
        _ body: @Sendable (Library) -> T
    ) async throws -> T {
        try Task.checkCancellation()
        let entered = gate.withLock { gate in
            if gate.open { gate.inFlight += 1 }
            return gate.open
        }
        guard entered else { throw RunLoopExecutor.Closed() }
        defer { leave() }
        return try await runUnlessCancelled(body)
    }

    /// Lets no new call in, waits for the calls in flight, releases the
    /// library on its thread, and returns once the thread has ended. A second
    /// close() only waits for the first.
    public nonisolated func close() async {
        let first = gate.withLock { gate in
            defer { gate.open = false }
            return gate.open
        }
        guard first else {
            return await withCheckedContinuation { closed in
                gate.withLock { gate in
                    if gate.closed { return closed.resume() }
                    gate.closeWaiters.append(closed)
                }
            }
        }
        await withCheckedContinuation { drained in
            gate.withLock { gate in
                if gate.inFlight == 0 { return drained.resume() }
                gate.drained = drained
            }
        }
        await release()
        await executor.close()
        let waiters = gate.withLock { gate in
            gate.closed = true
            defer { gate.closeWaiters = [] }
            return gate.closeWaiters
        }
        for waiter in waiters { waiter.resume() }
    }

    /// For the library's own callbacks: a source it scheduled on its run
    /// loop, a C callback it makes on its thread. They run on the thread but
    /// outside the actor's jobs, so they enter the actor with
    /// `assumeIsolated`, which the executor's `checkIsolated()` allows there
    /// (and traps on any other thread).
    public nonisolated func inCallback<T: Sendable>(
        _ body: @Sendable (Library) -> T
    ) -> T {
        assumeIsolated { bound in bound.run(body) }
    }

    private func setUp(_ make: @Sendable () -> Library) { library = make() }
    private func run<T>(_ body: @Sendable (Library) -> T) -> T {
        body(library!)
    }
    private func runUnlessCancelled<T>(
        _ body: @Sendable (Library) -> T
    ) throws -> T {
        try Task.checkCancellation()  // again, after the wait for the thread
        return body(library!)
    }
    private func release() { library = nil }

    private nonisolated func leave() {
        let drained = gate.withLock {
            gate -> CheckedContinuation<Void, Never>? in
            gate.inFlight -= 1
            guard gate.inFlight == 0 else { return nil }
            defer { gate.drained = nil }
            return gate.drained
        }
        drained?.resume()
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

/// Stands in for the C library: it remembers the thread that made it, and
/// traps when called from another one, as such libraries do (or worse).
nonisolated final class FakeThreadBoundLibrary {
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

nonisolated extension RunLoopExecutor {
    /// `callers` tasks call the library `callsEach` times each, then the
    /// library is closed and called once more.
    public static func serveCallers(
        callers: Int, callsEach: Int, log: @escaping @Sendable (String) -> Void
    ) async {
        let library = await ThreadBoundLibrary.open(name: "c-library") {
            FakeThreadBoundLibrary()
        }
        await withTaskGroup(of: Void.self) { group in
            for caller in 0..<callers {
                group.addTask {
                    for number in 0..<callsEach {
                        _ = try? await library.call {
                            $0.call(caller: caller, number: number)
                        }
                    }
                }
            }
        }
        let tally = try? await library.call { ($0.calls, $0.outOfOrder) }
        log("\(callers) callers × \(callsEach) calls: \(tally?.0 ?? 0) ran")
        log("all on the library's thread, out of order: \(tally?.1 ?? -1)")
        await library.close()
        log("closed: the thread has ended")
        let late = try? await library.call { $0.calls }
        log("a call after close: \(late == nil ? "refused" : "ran")")
    }
}
