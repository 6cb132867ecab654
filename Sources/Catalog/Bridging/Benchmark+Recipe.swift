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
                "dispatch_benchmark(count, block) (private libdispatch, no header)",
                "`ContinuousClock().measure {}` over N runs"),
            APIMapping(
                "DispatchTime.now().uptimeNanoseconds before and after, as UInt64",
                "`clock.measure {}`, a `Duration`"),
        ],
        prose: Articles.recipe("benchmark-measure"),
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
