import Legacy
import Modern
import RecipeKit

/// A million seeded numbers, as in the classic example (which used `arc4random`).
private let million = SplitMix64.numbers(count: 1_000_000)
/// 1,000,003 numbers whose minimum and maximum are among the last three, where a split that
/// drops the `count % 4` remainder never looks: the rest lie strictly between 0 and `UInt32.max`.
private let millionAndThree = SplitMix64.numbers(count: 1_000_000, upTo: .max - 2).map { $0 + 1 } + [.max, 0, 2013]
/// A smaller input for the one-child-per-number version, which needs seconds and gigabytes for a
/// million.
private let tenThousand = Array(million.prefix(10_000))

private func log(_ result: (min: UInt32, max: UInt32), in context: RunContext) {
    context.log("min = \(result.min)")
    context.log("max = \(result.max)")
    context.record("min", result.min)
    context.record("max", result.max)
}

/// The inputs are closures, so that a million numbers are made when a scenario runs, not when the
/// catalog is loaded (`compare --list` would pay for them).
private func posixThreads(_ numbers: @escaping @Sendable () -> [UInt32]) -> @Sendable (RunContext) async throws -> Void {
    { context in
        let numbers = numbers()
        log(await onOwnThread { Legacy.MinMaxSearch.withPOSIXThreads(numbers) }, in: context)
    }
}

private func taskGroup(_ numbers: @escaping @Sendable () -> [UInt32]) -> @Sendable (RunContext) async throws -> Void {
    { context in
        log(await Modern.MinMaxSearch.minMax(of: numbers()), in: context)
    }
}

extension Recipe {
    static let parallelMinMax = Recipe(
        id: "parallel-min-max",
        title: "Four workers find min and max of a million numbers",
        chapter: .groups,
        sources: [
            "The Read-And-Learn wiki page \"iOS并发编程\", its pthreads min/max example",
            "The Read-And-Learn wiki page \"iOS并发编程\", its `FindMinMaxThread` (`NSThread` subclass) example",
        ],
        file: "Groups/MinMaxSearch.swift",
        apis: [
            APIMapping(
                "pthread_create / pthread_join",
                "a task group (or `async let`); the results are the children's return values"),
            APIMapping("Thread subclass overriding main", "a child task running a plain function"),
            APIMapping("DispatchGroup.wait()", "`await` the task group"),
            APIMapping("Thread.name", "`addTask(name:)`, `Task(name:)`"),
            APIMapping("arc4random", "a seeded `RandomNumberGenerator` shared by both sides"),
        ],
        problem:
            "Split a large array across four workers, let each find the minimum and maximum of its part, and combine the parts.",
        changes: [
            "Measured with `swift run -c release compare parallel-min-max` on the 2-core Linux CI machine (medians of 5 runs): over 1,000,000 numbers four pthreads take 0.41 ms and four child tasks 0.36 ms (0.88×); with the 1,000,003-number remainder case 0.45 ms against 0.35 ms; the `Thread` subclass 0.50 ms against `async let` 0.26 ms. One child task per number, even over only 10,000 numbers, takes 34 ms: 89× the four pthreads.",
            "Four threads become four child tasks. Each gets an `ArraySlice`, which is `Sendable` and shares the array's storage, instead of a pointer into it, and returns its `(min, max)` instead of storing it in a context struct or a thread's properties.",
            "The join disappears: a task group does not return before all its children have, and `reduce` combines their results as they arrive. `async let` does the same for a fixed number of workers.",
            "No thread is created. Creating and joining a thread costs tens of microseconds; child tasks run on the existing cooperative pool, which is why the task-group version is a little faster than the pthread one here.",
            "The naive version, one child task per number, is in the Modern file for `compare` to time. Its scenario uses 10,000 numbers (about 10–25 ms, against well under a millisecond for four workers), because on a million it took 3–4 seconds and 2.7 GB of memory.",
        ],
        pitfalls: [
            "Splitting with `count / workers` per worker drops the last `count % workers` numbers (the classic pthreads example's bug). The \"remainder\" scenario puts the extremes in the last three of 1,000,003 numbers to catch it.",
            "A `Thread` has no join. Reading a worker's result without waiting for it (the classic `NSThread` version) reads whatever is there: wait on a `DispatchGroup`, a semaphore or an `NSCondition` first.",
            "`UnsafeBufferPointer` is not `Sendable`; an `ArraySlice` is, and costs no copy.",
            "A million comparisons take about a quarter of a millisecond, and the scan is bound by memory bandwidth: on 2 cores neither parallel version beats a plain loop by much. Parallelise work that is bigger than the cost of starting it.",
            "Tasks take their name when they are created (`addTask(name:)`), for debuggers and logs.",
            "Without `@concurrent`, under `NonisolatedNonsendingByDefault` a plain `async` function called from the main actor runs its own code there; the children of its task group still run on the pool.",
        ],
        platformNotes: [
            "**Linux**: `Thread.name` set before `start()` is lost: set it inside the thread's `main`.",
            "**Linux**: `pthread_t` is an integer (`UInt`), and the pthread code is written with Linux's types.",
            "**Darwin**: `pthread_t` is an optional pointer and the start routine takes a non-optional argument, so the thread array and `findMinAndMax`'s signature change there.",
            "**Linux**: subclassing `Thread` compiles only with `import CoreFoundation` in the file.",
        ],
        annotations: [
            "The pthread start routine is a `@convention(c)` function, which cannot capture, so each thread's input and output travel in a per-thread `MinMaxContext` struct behind a pointer. The results are read only after `pthread_join`, which orders the thread's writes before the caller's reads.",
            "The subclass's `min`/`max` are written by the thread and read after `DispatchGroup.wait()`, which orders the accesses; no Sendable annotation is needed because the results are never captured by a closure.",
        ],
        errata: [
            "The Read-And-Learn wiki page \"iOS并发编程\", its pthreads min/max example: `MIN(count - offset, count / threadCount)` gives every thread `count / threadCount` numbers, so the trailing `count % threadCount` are never looked at. Here the first `count % workers` workers take one extra number.",
            "The Read-And-Learn wiki page \"iOS并发编程\", its pthreads min/max example: `uint32_t inputValues[count]` puts 4 MB on the stack: half of the main thread's usual 8 MB, and far more than a secondary thread's. Use a heap array.",
            "The Read-And-Learn wiki page \"iOS并发编程\", its `FindMinMaxThread` example: nothing waits for the threads before their results are read, so the results may not be there yet.",
        ],
        appTargetNote: "In an app target with default `MainActor` isolation, `MinMaxSearch` would land on the main actor and its workers could not call `workerRanges` or `scan`; `nonisolated` keeps the search off it.",
        replaces: [.pthreadCreate, .thread, .dispatchGroup, .groupWait],
        scenarios: [
            Scenario(
                rules: [.exact, .invariant(["min", "max"])],
                legacy: posixThreads { million },
                modern: taskGroup { million }
            ),
            Scenario(
                "remainder",
                rules: [.exact, .invariant(["min", "max"])],
                legacy: posixThreads { millionAndThree },
                modern: taskGroup { millionAndThree }
            ),
            Scenario(
                "Thread subclass and async let",
                rules: [.exact, .invariant(["min", "max"])],
                legacy: { context in
                    log(await onOwnThread { Legacy.MinMaxSearch.withThreadSubclass(million) }, in: context)
                },
                modern: { context in
                    log(await Modern.MinMaxSearch.minMaxWithAsyncLet(of: million), in: context)
                }
            ),
            Scenario(
                "10,000 numbers, one child per number",
                rules: [.exact, .invariant(["min", "max"])],
                legacy: posixThreads { tenThousand },
                modern: { context in
                    log(await Modern.MinMaxSearch.minMaxOneChildPerNumber(of: tenThousand), in: context)
                }
            ),
        ]
    )
}
