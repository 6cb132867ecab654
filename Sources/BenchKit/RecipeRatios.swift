import Foundation

/// Every recipe's modern ÷ legacy time from two `compare --all --json` runs, in the shape of
/// `Benchmarks/recipe-ratios.json` (schema version 1).
///
/// One run can't tell a real difference from a noisy one, so the file keeps both runs' ratios and
/// the spread between them; the guide's performance page renders it as one table, slowest modern
/// first. `bench --recipe-ratios RUN1 RUN2` writes it (`Scripts/measure-recipe-ratios.sh` makes the
/// runs). Demonstrations, which run in a child process and are not timed, have no row.
public struct RecipeRatios: Codable, Sendable, Equatable {
    public var schemaVersion = 1
    /// The machine the runs were combined on (the runs' own machine: the script does both).
    public var machine: BenchResults.Machine
    /// `compare`'s pace and timed runs per side, the same for both runs.
    public var pace: String
    public var runsPerSide: Int
    public var rows: [Row]

    public struct Row: Codable, Sendable, Equatable {
        public var recipe: String
        public var scenario: String
        /// Each run's median wall time per run of the side, in seconds.
        public var legacySeconds: [Double]
        public var modernSeconds: [Double]
        /// Each run's modern median ÷ legacy median.
        public var ratios: [Double]

        /// The mean of the runs' ratios.
        public var ratio: Double { ratios.reduce(0, +) / Double(max(ratios.count, 1)) }

        /// How far the runs' ratios are apart, as a fraction of their mean: 0.1 is ±5 %.
        public var spread: Double {
            guard let low = ratios.min(), let high = ratios.max(), ratio > 0 else { return 0 }
            return (high - low) / ratio
        }

        /// The mean of the runs' legacy and modern medians, in seconds.
        public var meanLegacySeconds: Double { legacySeconds.reduce(0, +) / Double(max(legacySeconds.count, 1)) }
        public var meanModernSeconds: Double { modernSeconds.reduce(0, +) / Double(max(modernSeconds.count, 1)) }

        /// Modern is more than `slowerNeedsAReason` times slower: the recipe's page must say why.
        public var needsAReason: Bool { ratio > RecipeRatios.slowerNeedsAReason }

        /// The shorter side's time, in seconds: below 5 ms a run is noisy.
        public var shortestSeconds: Double { (legacySeconds + modernSeconds).min() ?? 0 }
    }

    /// The threshold above which a page must say why its modern side is slower.
    public static let slowerNeedsAReason = 1.5

    /// Combines two (or more) `compare --all --json` reports, matched by recipe and scenario.
    ///
    /// Throws when a report can't be read, the runs differ in pace or runs per side, or a scenario
    /// is timed in one run and not in another.
    public static func combine(
        _ reports: [Data], machine: BenchResults.Machine
    ) throws(RecipeRatiosError) -> RecipeRatios {
        guard reports.count >= 2 else { throw RecipeRatiosError(description: "needs at least two runs to compare") }
        var decoded: [CompareReport] = []
        for (index, data) in reports.enumerated() {
            do {
                decoded.append(try JSONDecoder().decode(CompareReport.self, from: data))
            } catch {
                throw RecipeRatiosError(
                    description: "run \(index + 1) is not a `compare --all --json` report: \(error)")
            }
        }
        let first = decoded[0]
        for (index, report) in decoded.enumerated() where report.pace != first.pace || report.runs != first.runs {
            throw RecipeRatiosError(
                description: "run \(index + 1) used --pace \(report.pace) --runs \(report.runs), run 1 --pace "
                    + "\(first.pace) --runs \(first.runs)")
        }
        let timed = decoded.map { report in
            Dictionary(
                report.recipes.flatMap { recipe in
                    recipe.scenarios.compactMap { scenario -> (String, (Double, Double))? in
                        guard let legacy = scenario.legacy.measurement?.wallMedianSeconds,
                            let modern = scenario.modern.measurement?.wallMedianSeconds, legacy > 0, modern > 0
                        else { return nil }
                        return ("\(recipe.id)\u{0}\(scenario.name)", (legacy, modern))
                    }
                }, uniquingKeysWith: { first, _ in first })
        }
        var rows: [Row] = []
        for recipe in first.recipes {
            for scenario in recipe.scenarios {
                let key = "\(recipe.id)\u{0}\(scenario.name)"
                guard timed[0][key] != nil else { continue }
                let times = timed.map { $0[key] }
                guard times.allSatisfy({ $0 != nil }) else {
                    throw RecipeRatiosError(
                        description: "\(recipe.id) '\(scenario.name)' is timed in run 1 but not in every run")
                }
                let pairs = times.compactMap { $0 }
                rows.append(
                    Row(
                        recipe: recipe.id, scenario: scenario.name, legacySeconds: pairs.map(\.0),
                        modernSeconds: pairs.map(\.1), ratios: pairs.map { ($0.1 / $0.0 * 1000).rounded() / 1000 }))
            }
        }
        return RecipeRatios(machine: machine, pace: first.pace, runsPerSide: first.runs, rows: rows)
    }

    /// The rows, slowest modern first.
    public var bySlowestModern: [Row] {
        rows.sorted { ($0.ratio, $1.recipe, $1.scenario) > ($1.ratio, $0.recipe, $0.scenario) }
    }

    /// The file's bytes: sorted keys, so a new measurement diffs row by row.
    public func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }

    /// The few fields of `compare --json` this needs.
    struct CompareReport: Decodable {
        var pace: String
        var runs: Int
        var recipes: [Recipe]

        struct Recipe: Decodable {
            var id: String
            var scenarios: [Scenario]
        }

        struct Scenario: Decodable {
            var name: String
            var legacy: Side
            var modern: Side
        }

        struct Side: Decodable {
            var measurement: Measurement?
        }

        struct Measurement: Decodable {
            var wallMedianSeconds: Double
        }
    }
}

/// Why two `compare` runs could not be combined.
public struct RecipeRatiosError: Error, CustomStringConvertible, Equatable {
    public var description: String
}
