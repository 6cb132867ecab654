import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let benchmark = Recipe(
        id: "benchmark-measure",
        title: "`dispatch_benchmark` → `ContinuousClock.measure`",
        chapter: .bridging,
        sources: ["The Read-And-Learn wiki page \"iOS并发编程\", its testing tip (\"use the `dispatch_benchmark` tool\")"],
        file: "Bridging/Benchmark.swift",
        apis: [
            APIMapping(
                "dispatch_benchmark(count, block) (Apple only; not on Linux)",
                "`ContinuousClock().measure {}` over N runs"),
            APIMapping(
                "DispatchTime.now().uptimeNanoseconds before and after, as UInt64",
                "`clock.measure {}`, a `Duration`"),
        ],
        problem: """
            Time a piece of work (here, counting the primes below a limit by trial division): run \
            it once untimed to warm up, then time N runs and keep the fastest, and return the \
            work's result with the time.
            """,
        changes: [
            """
            `dispatch_benchmark` doesn't exist on Linux: it was a private libdispatch function on \
            Apple platforms, declared by hand, that returned the mean nanoseconds per run. The \
            legacy side times each run with `DispatchTime.now().uptimeNanoseconds` and keeps the \
            minimum, a `UInt64` whose unit is a convention; the modern side times it with \
            `ContinuousClock().measure {}`, a `Duration` whose unit is in the type \
            (`BenchmarkTests.theLegacyNumberIsNanosecondsAndTheModernOneIsADuration`).
            """,
            """
            Both keep the warm-up run out of the timing and return the last run's result, so \
            the work can't be optimized away (`BenchmarkTests.theWarmUpRunIsNotTimed`). The \
            minimum, not the mean, is the number to compare: it is the run least disturbed by \
            everything else on the machine.
            """,
            """
            Measured with `swift run -c release compare benchmark-measure` (primes below \
            100,000, 20 timed runs; Linux, 2 cores, Swift 6.3.1, release build, 2026-11-24, \
            while other builds kept the load average between 11 and 14), three runs: the fastest \
            run took 5.41, 5.06 and 5.39 ms timed with `DispatchTime`, and 4.77, 5.06 and 4.74 \
            ms timed with `ContinuousClock`. It is the same work timed two ways, so the two \
            agree within the machine's noise; neither clock adds anything measurable at this \
            scale. 9,592 primes on both sides.
            """,
        ],
        pitfalls: [
            """
            Debug-build timings mean nothing: the optimizer changes the cost of Swift code by \
            an order of magnitude or more. Measure with `-c release`, as above.
            """,
            """
            Time the work, not the machinery: a `Task {}` or a task group per repetition adds \
            its own cost, microseconds, to each run. The same harness compares chunked \
            `concurrentPerform`, task groups and `OperationQueue` (about 4–8 µs per operation \
            on corelibs); measure each with the same warm-up and minimum.
            """,
            """
            A benchmark is not a test: never assert a duration in a test, only that it is \
            positive, or at least as long as a known wait. This recipe's tests do exactly that, \
            and `compare` prints the numbers.
            """,
        ],
        appTargetNote: "In an app target with default `MainActor` isolation, `Benchmark.measure` would be main-actor-isolated, so only main-actor code could time work with it, on the main thread; `nonisolated` keeps it running wherever its caller runs.",
        replaces: [.benchmarkTiming],
        scenarios: [
            Scenario(
                rules: [.invariant(["work result", "duration positive"])],
                legacy: { context in
                    let size = benchmarkSize(context.pace)
                    let (result, fastest) = Legacy.Benchmark.measure(repetitions: size.repetitions) {
                        Legacy.Benchmark.primeCount(below: size.limit)
                    }
                    record(context, result: result, fastest: .nanoseconds(fastest))
                },
                modern: { context in
                    let size = benchmarkSize(context.pace)
                    let (result, fastest) = Modern.Benchmark.measure(repetitions: size.repetitions) {
                        Modern.Benchmark.primeCount(below: size.limit)
                    }
                    record(context, result: result, fastest: fastest)
                }
            )
        ]
    )
}

/// A small count for the suite and the guide, which run at the test pace; a measurable one for
/// `compare`.
private func benchmarkSize(_ pace: Pace) -> (limit: Int, repetitions: Int) {
    pace == .test ? (2_000, 3) : (100_000, 20)
}

/// Records the work's result and that the time is positive; the time itself only outside the test
/// pace, because the guide shows the recorded values and a page must not change between runs. It
/// logs no line: the count depends on the pace, and the guide says its lines do not.
private func record(_ context: RunContext, result: Int, fastest: Duration) {
    context.record("work result", result)
    context.record("duration positive", fastest > .zero)
    guard context.pace != .test else { return }
    let microseconds = Double(fastest.components.attoseconds) / 1e12 + Double(fastest.components.seconds) * 1e6
    context.record("fastest run (µs)", String(format: "%.1f", microseconds))
}
