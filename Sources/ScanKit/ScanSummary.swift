import RecipeKit

/// What a team plans with: counts per API and per recipe, the busiest files, and a reading order.
///
/// The reading order is a greedy cover: first the recipe that covers the most findings, then the
/// one that covers the most of the rest, and so on, so the first few pages a team reads cover most
/// of its code. Findings with no recipe yet are counted apart and never folded into a recipe.
public struct ScanSummary: Sendable, Codable {
    public struct APICount: Sendable, Codable, Equatable {
        public let api: String
        public let count: Int
        public let recipes: [String]
    }

    public struct RecipeCount: Sendable, Codable, Equatable {
        public let id: String
        public let title: String
        public let page: String
        public let count: Int
    }

    public struct FileCount: Sendable, Codable, Equatable {
        public let path: String
        public let count: Int
    }

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
    public let files: Int
    public let filesWithFindings: Int
    public let lines: Int
    public let byAPI: [APICount]
    public let byRecipe: [RecipeCount]
    public let topFiles: [FileCount]
    public let readingOrder: [ReadingStep]
    /// APIs found that no landed recipe covers yet, most frequent first.
    public let noRecipeYet: [APICount]

    public init(result: ScanResult, recipes: [Recipe]) {
        let findings = result.findings
        let byID = Dictionary(recipes.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        func count<Key: Hashable>(_ key: (Finding) -> Key) -> [(key: Key, count: Int)] {
            var counts: [Key: Int] = [:]
            var order: [Key] = []
            for finding in findings {
                let value = key(finding)
                if counts[value] == nil { order.append(value) }
                counts[value, default: 0] += 1
            }
            let ranked: [(offset: Int, key: Key, count: Int)] = order.enumerated().map {
                ($0.offset, $0.element, counts[$0.element]!)
            }
            return ranked.sorted { ($1.count, $0.offset) < ($0.count, $1.offset) }.map { ($0.key, $0.count) }
        }
        self.findings = findings.count
        withRecipe = findings.filter { !$0.recipes.isEmpty }.count
        withoutRecipe = findings.count - withRecipe
        withHazard = findings.filter { !$0.hazards.isEmpty }.count
        files = result.filesScanned
        lines = result.linesScanned
        let perAPI = count(\.api)
        let recipesOfAPI = Dictionary(findings.map { ($0.api, $0.recipes) }, uniquingKeysWith: { first, _ in first })
        byAPI = perAPI.map { APICount(api: $0.key, count: $0.count, recipes: recipesOfAPI[$0.key] ?? []) }
        noRecipeYet = byAPI.filter(\.recipes.isEmpty)
        let perFile = count(\.path)
        filesWithFindings = perFile.count
        topFiles = perFile.prefix(10).map { FileCount(path: $0.key, count: $0.count) }

        var perRecipe: [String: Int] = [:]
        for finding in findings { for id in finding.recipes { perRecipe[id, default: 0] += 1 } }
        func step(_ id: String) -> (title: String, page: String) {
            guard let recipe = byID[id] else { return (id, "") }
            return (recipe.title, Self.page(of: recipe))
        }
        let catalogOrder = Dictionary(recipes.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        byRecipe = perRecipe.sorted {
            ($1.value, catalogOrder[$0.key] ?? .max) < ($0.value, catalogOrder[$1.key] ?? .max)
        }.map { RecipeCount(id: $0.key, title: step($0.key).title, page: step($0.key).page, count: $0.value) }

        var uncovered = findings.filter { !$0.recipes.isEmpty }
        var order: [ReadingStep] = []
        var covered = 0
        while !uncovered.isEmpty {
            var counts: [String: Int] = [:]
            for finding in uncovered { for id in finding.recipes { counts[id, default: 0] += 1 } }
            guard
                let best = counts.max(by: {
                    ($0.value, -(catalogOrder[$0.key] ?? .max)) < ($1.value, -(catalogOrder[$1.key] ?? .max))
                })
            else { break }
            covered += best.value
            uncovered.removeAll { $0.recipes.contains(best.key) }
            let info = step(best.key)
            order.append(
                ReadingStep(
                    id: best.key, title: info.title, page: info.page, covers: best.value,
                    cumulativeShare: Double(covered) / Double(withRecipe)))
        }
        readingOrder = order
    }

    /// The guide page of a recipe, relative to the package root.
    public static func page(of recipe: Recipe) -> String {
        "Guide/\(recipe.chapter.slug)/\(recipe.id).md"
    }
}
