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
