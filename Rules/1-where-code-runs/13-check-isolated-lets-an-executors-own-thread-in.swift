// Rule: `assumeIsolated` into an actor whose custom `SerialExecutor` runs on a thread of its own,
//   called on that thread but outside one of the executor's jobs (a callback the thread makes),
//   traps unless the executor implements `checkIsolated()`, which the runtime asks last.
// Source: [SE-0424, "Custom isolation checking for SerialExecutor"](https://github.com/swiftlang/swift-evolution/blob/main/proposals/0424-custom-isolation-checking-for-serialexecutor.md)
// Recipes: run-loop-executor, event-loop-thread
// Check: swift6 prints checked
// > on the executor's thread, outside a job: entered the actor
// Check: swift6 traps unchecked
// ! Unexpected isolation context
import Foundation
import Synchronization

/// One thread that runs jobs and plain callbacks, in the order they are posted.
final class LoopThread: Sendable {
    private let work = Mutex<[@Sendable () -> Void]>([])
    private let ready = DispatchSemaphore(value: 0)
    let thread = Mutex<Thread?>(nil)

    init() {
        let started = DispatchSemaphore(value: 0)
        Thread { [self] in
            thread.withLock { $0 = Thread.current }
            started.signal()
            while true {
                ready.wait()
                let next = work.withLock { $0.removeFirst() }
                next()
            }
        }.start()
        started.wait()
    }

    func post(_ body: @escaping @Sendable () -> Void) {
        work.withLock { $0.append(body) }
        ready.signal()
    }
}

/// Runs its jobs on the loop's thread and says so when asked.
final class CheckedExecutor: SerialExecutor {
    let loop = LoopThread()
    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        loop.post { job.runSynchronously(on: self.asUnownedSerialExecutor()) }
    }
    func checkIsolated() {
        precondition(loop.thread.withLock { $0 } === Thread.current, "not on the loop's thread")
    }
}

/// The same, without `checkIsolated()`.
final class UncheckedExecutor: SerialExecutor {
    let loop = LoopThread()
    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        loop.post { job.runSynchronously(on: self.asUnownedSerialExecutor()) }
    }
}

actor Bound {
    let executor: any SerialExecutor
    init(_ executor: any SerialExecutor) { self.executor = executor }
    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }
    func touch() -> String { "entered the actor" }
}

@main struct Main {
    static func main() async {
        let checked = CommandLine.arguments.last == "checked"
        let checkedExecutor = CheckedExecutor()
        let uncheckedExecutor = UncheckedExecutor()
        let loop = checked ? checkedExecutor.loop : uncheckedExecutor.loop
        let bound = Bound(checked ? checkedExecutor : uncheckedExecutor)
        let line: String = await withCheckedContinuation { done in
            // A callback on the executor's thread, not one of its jobs.
            loop.post { done.resume(returning: bound.assumeIsolated { $0.touch() }) }
        }
        print("on the executor's thread, outside a job: \(line)")
    }
}
