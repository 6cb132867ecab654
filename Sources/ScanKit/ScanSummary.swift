import RecipeKit

/// What a team plans with: counts per API and per recipe, the busiest files, and a reading order.
///
/// The reading order is a greedy cover: first the recipe that covers the most findings, then the
/// one that covers the most of the rest, and so on, so the first few pages a team reads cover most
/// of its code. Findings with no recipe yet are counted apart and never folded into a recipe.
public struct ScanSummary: Sendable, Codable {
    /// Findings of one API, and the recipes that show it.
    public struct APICount: Sendable, Codable, Equatable {
        public let api: String
        public let count: Int
        public let recipes: [String]
    }

    /// Findings that name one recipe.
    public struct RecipeCount: Sendable, Codable, Equatable {
        public let id: String
        public let title: String
        public let page: String
        public let count: Int
    }

    /// Findings in one file.
    public struct FileCount: Sendable, Codable, Equatable {
        public let path: String
        public let count: Int
    }

    /// One recipe of the reading order, with what it adds to the ones before it.
    public struct ReadingStep: Sendable, Codable, Equatable {
        public let id: String
        public let title: String
        public let page: String
        /// Findings this recipe covers that no earlier step covers.
        public let covers: Int
        /// The share of all findings with a recipe covered by this step and the ones before, 0…1.
        public let cumulativeShare: Double
    }

    public let findings: Int
    public let withRecipe: Int
    public let withoutRecipe: Int
    public let withHazard: Int
    /// Findings with a likely hazard, and with only possible ones.
    public let withLikelyHazard: Int
    public let withPossibleHazard: Int
    /// The first likely hazards (up to `ScanTally.likelyLimit`), for the summary to lead with.
    public let likelyHazards: [ScanTally.Place]
    public let files: Int
    public let filesWithFindings: Int
    public let lines: Int
    public let byAPI: [APICount]
    public let byRecipe: [RecipeCount]
    public let topFiles: [FileCount]
    public let readingOrder: [ReadingStep]
    /// APIs found that no landed recipe covers yet, most frequent first.
    public let noRecipeYet: [APICount]

    public init(result: ScanResult, recipes: [Recipe], notes: [GuideNote] = []) {
        let tally = result.tally
        let directory = RecipeDirectory(recipes: recipes, notes: notes)
        let catalogOrder = Dictionary(
            (recipes.map(\.id) + notes.map(\.id)).enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        func info(_ id: String) -> (title: String, page: String) {
            let entry = directory[id]
            return (entry.title, entry.page)
        }
        func rank(_ id: String) -> Int { catalogOrder[id] ?? .max }
        findings = tally.findings
        withRecipe = tally.withRecipe
        withoutRecipe = tally.findings - tally.withRecipe
        withHazard = tally.withHazard
        withLikelyHazard = tally.withLikelyHazard
        withPossibleHazard = tally.withPossibleHazard
        likelyHazards = tally.likely
        files = result.filesScanned
        lines = result.linesScanned
        // The tally counts an API's findings apart by the page their use needs; a row per API
        // lists every page its findings name, in the order first seen.
        var merged: [(api: String, count: Int, recipes: [String])] = []
        var row: [String: Int] = [:]
        for group in tally.apis {
            if let index = row[group.api] {
                merged[index].count += group.count
                merged[index].recipes += group.recipes.filter { !merged[index].recipes.contains($0) }
            } else {
                row[group.api] = merged.count
                merged.append(group)
            }
        }
        byAPI = merged.enumerated()
            .sorted { ($1.element.count, $0.offset) < ($0.element.count, $1.offset) }
            .map { APICount(api: $0.element.api, count: $0.element.count, recipes: $0.element.recipes) }
        noRecipeYet = tally.apis.enumerated().filter(\.element.recipes.isEmpty)
            .sorted { ($1.element.count, $0.offset) < ($0.element.count, $1.offset) }
            .map { APICount(api: $0.element.api, count: $0.element.count, recipes: []) }
        filesWithFindings = tally.files.count
        topFiles = tally.files.enumerated()
            .sorted { ($1.element.count, $0.offset) < ($0.element.count, $1.offset) }
            .prefix(10).map { FileCount(path: $0.element.path, count: $0.element.count) }

        var perRecipe: [String: Int] = [:]
        for group in tally.apis { for id in group.recipes { perRecipe[id, default: 0] += group.count } }
        byRecipe = perRecipe.sorted { ($1.value, rank($0.key)) < ($0.value, rank($1.key)) }
            .map { RecipeCount(id: $0.key, title: info($0.key).title, page: info($0.key).page, count: $0.value) }

        // Greedy cover over the tally's groups: every finding of a group names the same pages.
        var uncovered = tally.apis.filter { !$0.recipes.isEmpty }
        var order: [ReadingStep] = []
        var covered = 0
        while !uncovered.isEmpty {
            var counts: [String: Int] = [:]
            for api in uncovered { for id in api.recipes { counts[id, default: 0] += api.count } }
            guard let best = counts.max(by: { ($0.value, -rank($0.key)) < ($1.value, -rank($1.key)) }) else { break }
            covered += best.value
            uncovered.removeAll { $0.recipes.contains(best.key) }
            order.append(
                ReadingStep(
                    id: best.key, title: info(best.key).title, page: info(best.key).page, covers: best.value,
                    cumulativeShare: Double(covered) / Double(withRecipe)))
        }
        readingOrder = order
    }

    /// The guide page of a recipe, relative to the package root.
    public static func page(of recipe: Recipe) -> String {
        "Guide/\(recipe.chapter.slug)/\(recipe.id).md"
    }
}
