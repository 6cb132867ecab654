import RecipeKit

/// Runs a recipe's scenarios for `compare`: a warm-up, then timed runs of each side in turn.
enum RecipeRunner {
    static func run(_ recipe: Recipe, pace: Pace, runs: Int) async -> RecipeReport {
        var scenarios: [ScenarioReport] = []
        for scenario in recipe.scenarios {
            scenarios.append(await run(scenario, of: recipe, pace: pace, runs: runs))
        }
        return RecipeReport(
            id: recipe.id,
            title: recipe.title,
            chapter: .init(number: recipe.chapter.number, title: recipe.chapter.title),
            seeds: recipe.seeds,
            agrees: scenarios.allSatisfy(\.agrees),
            scenarios: scenarios
        )
    }

    static func run(_ scenario: Scenario, of recipe: Recipe, pace: Pace, runs: Int) async -> ScenarioReport {
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
        var samples: [Scenario.SideName: (wall: [Duration], cpu: [Duration], threads: Int?)] = [:]
        for index in 0...runs {
            let legacy = await measure { await scenario.run(.legacy, of: recipe, pace: pace) }
            let modern = await measure { await scenario.run(.modern, of: recipe, pace: pace) }
            let verdict = Verdict(rules: scenario.rules, legacy: legacy.outcome, modern: modern.outcome)
            if shown == nil || (shown!.verdict.agrees && !verdict.agrees) {
                shown = (legacy.outcome, modern.outcome, verdict)
            }
            guard index > 0 else { continue }  // the first run is the warm-up
            for (side, result) in [(Scenario.SideName.legacy, legacy), (.modern, modern)] {
                var sample = samples[side] ?? ([], [], nil)
                sample.wall.append(result.wall)
                sample.cpu.append(result.cpu)
                if let threads = result.threads { sample.threads = max(sample.threads ?? 0, threads) }
                samples[side] = sample
            }
        }
        func measurement(_ side: Scenario.SideName) -> Measurement? {
            samples[side].map { Measurement(wall: $0.wall, cpu: $0.cpu, peakThreads: $0.threads) }
        }
        let legacyMeasurement = measurement(.legacy)
        let modernMeasurement = measurement(.modern)
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

    private static func measure(
        _ body: () async -> Outcome
    ) async -> (outcome: Outcome, wall: Duration, cpu: Duration, threads: Int?) {
        let sampler = ThreadSampler()
        let clock = ContinuousClock()
        let cpuBefore = ProcessMetrics.cpuTime()
        let start = clock.now
        let outcome = await body()
        let wall = clock.now - start
        let cpu = ProcessMetrics.cpuTime() - cpuBefore
        let threads = sampler.stop()
        return (outcome, wall, cpu, threads)
    }
}
