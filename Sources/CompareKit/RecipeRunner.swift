import Foundation
import RecipeKit

/// Runs a recipe's scenarios for `compare`: a warm-up, then timed runs of each side in turn.
///
/// A side that the warm-up finds shorter than a millisecond is timed in batches (see `Batching`).
enum RecipeRunner {
    /// How long a batch may run before `compare` gives up on it as hung.
    static let hangLimit: Duration = .seconds(30)

    static func run(_ recipe: Recipe, pace: Pace, runs: Int, batching: Batching = Batching()) async -> RecipeReport {
        var scenarios: [ScenarioReport] = []
        for scenario in recipe.scenarios {
            scenarios.append(await run(scenario, of: recipe, pace: pace, runs: runs, batching: batching))
        }
        return RecipeReport(
            id: recipe.id,
            title: recipe.title,
            chapter: .init(number: recipe.chapter.number, title: recipe.chapter.title),
            sources: recipe.sources,
            agrees: scenarios.allSatisfy(\.agrees),
            scenarios: scenarios
        )
    }

    static func run(
        _ scenario: Scenario, of recipe: Recipe, pace: Pace, runs: Int, batching: Batching
    ) async -> ScenarioReport {
        let rules = scenario.rules.map { ScenarioReport.RuleInfo(name: $0.name, description: $0.description) }
        if scenario.isDemo {
            let (legacy, modern, verdict) = await scenario.judge(recipe, pace: pace)
            return ScenarioReport(
                name: scenario.name, rules: rules, agrees: verdict.agrees, problems: verdict.problems,
                legacy: SideReport(legacy, measurement: nil), modern: SideReport(modern, measurement: nil),
                modernToLegacyRatio: nil
            )
        }
        var shown: (legacy: Outcome, modern: Outcome, verdict: Verdict)?
        func judge(_ legacy: Outcome, _ modern: Outcome) {
            let verdict = Verdict(rules: scenario.rules, legacy: legacy, modern: modern)
            if shown == nil || (shown!.verdict.agrees && !verdict.agrees) { shown = (legacy, modern, verdict) }
        }
        // The warm-up: one run of each side, whose time decides how many runs make a batch.
        func measure(_ side: Scenario.SideName, batchSize: Int) async -> (outcome: Outcome, sample: Measurement.Sample) {
            await Self.measure(batchSize: batchSize, what: "\(recipe.id) › \(scenario.name) › \(side.rawValue)") {
                await scenario.run(side, of: recipe, pace: pace)
            }
        }
        let legacyWarmUp = await measure(.legacy, batchSize: 1)
        let modernWarmUp = await measure(.modern, batchSize: 1)
        judge(legacyWarmUp.outcome, modernWarmUp.outcome)
        var sizes: [Scenario.SideName: Int] = [:]
        for (side, warmUp) in [(Scenario.SideName.legacy, legacyWarmUp), (.modern, modernWarmUp)] {
            sizes[side] = await batching.batchSize(warmUp: warmUp.sample.wall) { size in
                await measure(side, batchSize: size).sample.wall
            }
        }
        // The timed runs, the sides taking turns. Parity is judged on the first run of each batch.
        var samples: [Scenario.SideName: [Measurement.Sample]] = [:]
        for _ in 0..<runs {
            var outcomes: [Scenario.SideName: Outcome] = [:]
            for side in Scenario.SideName.allCases {
                let result = await measure(side, batchSize: sizes[side]!)
                outcomes[side] = result.outcome
                samples[side, default: []].append(result.sample)
            }
            judge(outcomes[.legacy]!, outcomes[.modern]!)
        }
        let legacyMeasurement = samples[.legacy].map { Measurement($0, batchSize: sizes[.legacy]!) }
        let modernMeasurement = samples[.modern].map { Measurement($0, batchSize: sizes[.modern]!) }
        var ratio: Double?
        if let l = legacyMeasurement?.wallMedianSeconds, let m = modernMeasurement?.wallMedianSeconds, l > 0 {
            ratio = m / l
        }
        return ScenarioReport(
            name: scenario.name, rules: rules, agrees: shown!.verdict.agrees, problems: shown!.verdict.problems,
            legacy: SideReport(shown!.legacy, measurement: legacyMeasurement),
            modern: SideReport(shown!.modern, measurement: modernMeasurement),
            modernToLegacyRatio: ratio
        )
    }

    /// Runs `body` `batchSize` times back to back and measures the whole batch: wall and CPU time,
    /// the most threads, and the peak resident set size (reset first, so it is this batch's peak).
    /// Returns the first run's outcome; the others are dropped as they finish, so that the batch
    /// holds one run's memory at a time.
    ///
    /// A batch lasts milliseconds, so one that runs past `hangLimit` has a run that will never
    /// finish (a lost wakeup that thousands of runs in a row can bring out): `compare` then names
    /// the side on standard error and exits 1 rather than hang. A side run alone keeps no limit,
    /// as before: at a realistic pace it may take seconds.
    private static func measure(
        batchSize: Int, what: String, _ body: () async -> Outcome
    ) async -> (outcome: Outcome, sample: Measurement.Sample) {
        let resetPeak = ProcessMetrics.resetPeakResident()
        let limit = hangLimit
        let sampler = ThreadSampler(
            watchdog: batchSize > 1
                ? (
                    limit,
                    {
                        FileHandle.standardError.write(
                            Data(
                                ("compare: \(what): a batch of \(batchSize) runs has not finished after \(limit); "
                                    + "a run is hung.\n").utf8))
                        exit(CompareCommand.exitMismatch)
                    }
                ) : nil
        )
        let clock = ContinuousClock()
        let cpuBefore = ProcessMetrics.cpuTime()
        let start = clock.now
        let outcome = await body()
        for _ in 1..<max(1, batchSize) { _ = await body() }
        let wall = clock.now - start
        let cpu = ProcessMetrics.cpuTime() - cpuBefore
        let threads = sampler.stop()
        let peak = resetPeak ? ProcessMetrics.peakResidentBytes() : nil
        return (outcome, .init(wall: wall, cpu: cpu, threads: threads, peakRSSBytes: peak))
    }
}
