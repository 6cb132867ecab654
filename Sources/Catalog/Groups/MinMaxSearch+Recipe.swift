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
        prose: Articles.recipe("parallel-min-max"),
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
