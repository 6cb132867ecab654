extension Scenario {
    /// Which half of a recipe.
    public enum SideName: String, Sendable, CaseIterable, Codable {
        case legacy, modern
    }

    /// The side with this name.
    public func side(_ name: SideName) -> Side {
        name == .legacy ? legacy : modern
    }

    /// Runs one side at a pace and returns what it did. A child-process side is started as
    /// `compare --demo`; an in-process side runs here, and an error it throws becomes part of the
    /// outcome rather than escaping.
    public func run(_ name: SideName, of recipe: Recipe, pace: Pace) async -> Outcome {
        switch side(name) {
        case .inProcess(let body):
            let context = RunContext(pace: pace)
            var outcome = Outcome()
            do {
                try await body(context)
            } catch {
                outcome.error = String(describing: error)
            }
            outcome.lines = context.recorder.lines
            outcome.values = context.recorder.values
            return outcome
        case .childProcess:
            let (result, lines) = await ChildProcess.run(
                arguments: ["--demo", recipe.id, self.name, name.rawValue, "--pace", pace.name],
                timeout: pace.demoTimeout,
                crashReport: showsCrashReport
            )
            return Outcome(lines: lines, values: ["exit": result.description], demo: result)
        }
    }

    /// Runs both sides, one after the other, and judges them.
    public func judge(_ recipe: Recipe, pace: Pace) async -> (legacy: Outcome, modern: Outcome, verdict: Verdict) {
        let legacy = await run(.legacy, of: recipe, pace: pace)
        let modern = await run(.modern, of: recipe, pace: pace)
        return (legacy, modern, Verdict(rules: rules, legacy: legacy, modern: modern))
    }
}

extension Scenario {
    /// What judging one scenario gave.
    public typealias Judgement = (legacy: Outcome, modern: Outcome, verdict: Verdict)

    /// Judges many scenarios: the in-process ones one at a time, and beside them the
    /// demonstrations, `demonstrationsAtOnce` at a time. Results come back in the order asked.
    ///
    /// A demonstration runs in a child process and spends most of its time waiting to be found
    /// hung, with the CPU idle, so several can wait together. In-process scenarios stay one at a
    /// time: their legacy halves block Dispatch worker threads, which this process's cooperative
    /// pool shares on Linux.
    ///
    /// With `reusingDemonstrations`, a demonstration already judged in this process at this pace
    /// is not run again: its judgement comes from the first run. The suite judges every
    /// demonstration twice, for the pages (`guide --check`) and for the verdict (the parity test),
    /// and each takes seconds of child processes found hung on purpose.
    public static func judgeAll(
        _ cases: [(recipe: Recipe, scenario: Scenario)], pace: Pace, demonstrationsAtOnce: Int = 4,
        reusingDemonstrations: Bool = false
    ) async -> [Judgement] {
        let results = Locked<[Int: Judgement]>([:])
        let earlier: [String: Judgement] = reusingDemonstrations ? judgedDemonstrations.withLock { $0 } : [:]
        let cases: [(index: Int, recipe: Recipe, scenario: Scenario)] = cases.enumerated().compactMap { offset, item in
            if item.scenario.isDemo, let judgement = earlier[demonstrationKey(item.recipe, item.scenario, pace)] {
                results.withLock { $0[offset] = judgement }
                return nil
            }
            return (index: offset, recipe: item.recipe, scenario: item.scenario)
        }
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for item in cases where !item.scenario.isDemo {
                    let judgement = await item.scenario.judge(item.recipe, pace: pace)
                    results.withLock { $0[item.index] = judgement }
                }
            }
            var demonstrations = cases.filter(\.scenario.isDemo)[...]
            func startNext() {
                guard let item = demonstrations.popFirst() else { return }
                group.addTask {
                    let judgement = await item.scenario.judge(item.recipe, pace: pace)
                    results.withLock { $0[item.index] = judgement }
                    judgedDemonstrations.withLock {
                        $0[demonstrationKey(item.recipe, item.scenario, pace)] = judgement
                    }
                }
            }
            for _ in 0..<max(1, demonstrationsAtOnce) { startNext() }
            while await group.next() != nil { startNext() }
        }
        let judged = results.withLock { $0 }
        return judged.keys.sorted().map { judged[$0]! }
    }

    /// The demonstrations judged in this process so far, by `demonstrationKey`.
    private static let judgedDemonstrations = Locked<[String: Judgement]>([:])

    private static func demonstrationKey(_ recipe: Recipe, _ scenario: Scenario, _ pace: Pace) -> String {
        "\(recipe.id)\u{0}\(scenario.name)\u{0}\(pace.name)"
    }
}
