// Rule: inside `withTaskExecutorPreference(executor)`, nonisolated async code and the methods
//   of default actors (actors without a custom executor) run on the preferred executor; the
//   main actor, and actors with a custom executor, stay on their own.
// Source: [SE-0417, "Task executor preference"](https://github.com/swiftlang/swift-evolution/blob/main/proposals/0417-task-executor-preference.md)
// Recipes: blocking-io-executor
// Check: swift6 prints
// > nonisolated async: on the preferred executor true
// > default actor: on the preferred executor true
// > main actor: on the preferred executor false
import Foundation
import Synchronization

/// A task executor with one thread of its own.
final class OneThreadExecutor: TaskExecutor {
    private let jobs = Mutex<[UnownedJob]>([])
    private let ready = DispatchSemaphore(value: 0)
    private let thread = Mutex<pthread_t?>(nil)

    init() {
        let started = DispatchSemaphore(value: 0)
        Thread { [self] in
            thread.withLock { $0 = pthread_self() }
            started.signal()
            while true {
                ready.wait()
                let job = jobs.withLock { $0.removeFirst() }
                job.runSynchronously(on: asUnownedTaskExecutor())
            }
        }.start()
        started.wait()
    }

    func enqueue(_ job: UnownedJob) {
        jobs.withLock { $0.append(job) }
        ready.signal()
    }

    var isCurrent: Bool { thread.withLock { $0.map { pthread_equal($0, pthread_self()) != 0 } ?? false } }
}

let executor = OneThreadExecutor()

nonisolated func helper() async -> Bool { executor.isCurrent }
actor Logger { func log() -> Bool { executor.isCurrent } }
@MainActor func onMain() -> Bool { executor.isCurrent }

/// Called from no actor: everything it awaits could move to the preferred executor.
nonisolated func run() async {
    let logger = Logger()
    await withTaskExecutorPreference(executor) {
        print("nonisolated async: on the preferred executor \(await helper())")
        print("default actor: on the preferred executor \(await logger.log())")
        print("main actor: on the preferred executor \(await onMain())")
    }
}

@main struct Main {
    static func main() async { await run() }
}
