import BenchKit
import Catalog
import Foundation
import RecipeKit

/// Builds every file of `Guide/` in memory, from the catalog, the sources and real runs.
public enum GuideGenerator {
    /// The package root (where `Guide/` and `Sources/` live), from this file's compile-time path.
    public static let packageRoot = SourceFile.packageRoot
    /// The line that ends a recipe file's pattern (see `SourceFile.driverMarker`).
    public static let driverMarker = SourceFile.driverMarker

    /// A page names a recipe id that is not in the catalog.
    public struct UnknownRecipeIDs: Error, CustomStringConvertible {
        /// Page path below `Guide/` → the unknown ids it names.
        public let pages: [(page: String, ids: [String])]
        public var description: String {
            "pages name recipe ids that are not in the catalog: "
                + pages.map { "\($0.page): \($0.ids.map { "`\($0)`" }.joined(separator: ", "))" }
                .joined(separator: "; ")
        }
    }

    /// What `bench` measured, committed beside the sources; the guide renders it, never re-runs it.
    public static let benchmarkResults = packageRoot.appendingPathComponent("Benchmarks/results.json")
    /// Every recipe's modern ÷ legacy time from two `compare` runs; read beside `benchmarkResults`.
    public static let recipeRatiosFile = "recipe-ratios.json"

    /// What the recommended Modern pattern of `recipe` needs: the first section of its file (the
    /// imports and the main type, above the first `// MARK: - ` line), with the first section of
    /// each companion file its copy line names.
    ///
    /// A side variant in a later section (a `Mutex` form, an older-OS fallback, a general helper)
    /// states its own minimum (`variantAvailability(of:)`): computed over the whole file, one
    /// `Mutex` variant put iOS 18 on pages whose recommended actor runs on iOS 13.
    public static func availability(of recipe: Recipe, root: URL = packageRoot) throws -> Availability {
        Availability(code: try recommendedCode(of: recipe, root: root))
    }

    /// Each later section of the Modern pattern that needs a newer OS than the recommended one:
    /// its title and what it needs (the section with the recommended code it builds on). A section
    /// the recommended code uses is part of it, not a variant.
    public static func variantAvailability(of recipe: Recipe, root: URL = packageRoot) throws
        -> [(title: String, availability: Availability)]
    {
        let recommendedCode = try recommendedCode(of: recipe, root: root)
        let recommended = Availability(code: recommendedCode)
        let sections = try SourceFile(recipe.modernPath, root: root).patternSections
        let used = SourceFile.sectionsUsed(byFirstOf: sections)
        return sections.indices.compactMap { index in
            guard !used.contains(index), let title = sections[index].title else { return nil }
            let availability = Availability(code: recommendedCode + "\n" + sections[index].code)
            return availability.needsMore(than: recommended) ? (title, availability) : nil
        }
    }

    /// The recommended code of `recipe`: the first section of its Modern file and of each companion,
    /// with every later section of the same file that the first one uses (a type, a function).
    public static func recommendedCode(of recipe: Recipe, root: URL = packageRoot) throws -> String {
        let files = [recipe.modernPath] + recipe.modernNeeds.map { "Sources/Modern/\($0)" }
        return try files.map { path in
            let sections = try SourceFile(path, root: root).patternSections
            return SourceFile.sectionsUsed(byFirstOf: sections).sorted().map { sections[$0].code }
                .joined(separator: "\n")
        }
        .joined(separator: "\n")
    }

    /// Relative path below `Guide/` → file contents.
    public static func files(
        recipes: [Recipe] = Catalog.recipes, notes: [GuideNote] = Catalog.notes, root: URL = packageRoot,
        benchmarks: URL? = benchmarkResults
    ) async throws
        -> [String: String]
    {
        let benchmarkData = benchmarks.flatMap { try? Data(contentsOf: $0) }
        let results = try benchmarkData.map { try JSONDecoder().decode(BenchResults.self, from: $0) }
        let ratiosData = benchmarks.flatMap {
            try? Data(contentsOf: $0.deletingLastPathComponent().appendingPathComponent(recipeRatiosFile))
        }
        let ratios = try ratiosData.map { try JSONDecoder().decode(RecipeRatios.self, from: $0) }
        var files: [String: String] = [:]
        var unknown: [(page: String, ids: [String])] = []
        // Pages may link to any recipe of the catalog, also when only some are written (in tests).
        let ids = Set(recipes.map(\.id) + notes.map(\.id))
        let rules = try Rule.all(root: root)
        let diagnostics = try DiagnosticEntry.all(root: root)
        let references = CrossReferences(
            recipes: recipes + Catalog.recipes.filter { !ids.contains($0.id) },
            notes: notes + Catalog.notes.filter { !ids.contains($0.id) },
            rules: rules.map(\.id), errors: diagnostics.map(\.id))
        // Recipe id → the diagnostics whose "Where it comes from" names it, for its page.
        var errorsByRecipe: [String: [DiagnosticEntry]] = [:]
        for entry in diagnostics {
            for id in ErrorEntryPage.recipes(of: entry, in: references.pages) {
                errorsByRecipe[id, default: []].append(entry)
            }
        }
        let chapters = Array(Set(recipes.map(\.chapter) + notes.map(\.chapter))).sorted()
        // Every scenario's outcome, for the pages' output; demonstrations run several at a time.
        let cases = recipes.flatMap { recipe in recipe.scenarios.map { (recipe: recipe, scenario: $0) } }
        var judged: [String: [String: Scenario.Judgement]] = [:]
        for (item, judgement) in zip(cases, await Scenario.judgeAll(cases, pace: .test)) {
            judged[item.recipe.id, default: [:]][item.scenario.name] = judgement
        }
        var byChapter: [(chapter: Chapter, recipes: [Recipe], notes: [GuideNote])] = []
        for (index, chapter) in chapters.enumerated() {
            let inChapter = recipes.filter { $0.chapter == chapter }
            let chapterNotes = notes.filter { $0.chapter == chapter }
            byChapter.append((chapter, inChapter, chapterNotes))
            let chapterPage = ChapterPage(
                chapter: chapter, recipes: inChapter, notes: chapterNotes,
                previous: index > 0 ? chapters[index - 1] : nil,
                next: index + 1 < chapters.count ? chapters[index + 1] : nil,
                references: references
            )
            files["\(chapter.slug)/README.md"] = chapterPage.markdown
            if !chapterPage.unknownIDs.isEmpty { unknown.append(("\(chapter.slug)/README.md", chapterPage.unknownIDs)) }
            for recipe in inChapter {
                let outcomes = recipe.scenarios.map { scenario in
                    let judgement = judged[recipe.id]![scenario.name]!
                    return (scenario, judgement.legacy, judgement.modern)
                }
                let page = RecipePage(
                    recipe: recipe, outcomes: outcomes, availability: try availability(of: recipe, root: root),
                    variants: try variantAvailability(of: recipe, root: root),
                    legacy: try SourceFile(recipe.legacyPath, root: root),
                    modern: try SourceFile(recipe.modernPath, root: root),
                    references: references,
                    costs: results?.primitives.filter { $0.recipes.contains(recipe.id) } ?? [],
                    ratios: ratios?.rows.filter { $0.recipe == recipe.id } ?? [],
                    errors: errorsByRecipe[recipe.id] ?? []
                )
                files["\(chapter.slug)/\(recipe.id).md"] = page.markdown
                if !page.unknownIDs.isEmpty { unknown.append(("\(chapter.slug)/\(recipe.id).md", page.unknownIDs)) }
            }
            for note in chapterNotes {
                let code = try note.legacyPath.flatMap { legacy in
                    try note.modernPath.map { (try SourceFile(legacy, root: root), try SourceFile($0, root: root)) }
                }
                let tests = try note.testFiles.map { try SourceFile($0, root: root) }
                let page = NotePage(note: note, code: code, tests: tests, references: references)
                files["\(chapter.slug)/\(note.id).md"] = page.markdown
                if !page.unknownIDs.isEmpty { unknown.append(("\(chapter.slug)/\(note.id).md", page.unknownIDs)) }
            }
        }
        files["README.md"] = IndexPage(
            chapters: byChapter, hasPerformancePage: results != nil,
            errorMessages: Set(diagnostics.filter { !$0.isRuntime }.flatMap(\.templates).map(\.text)).count
        ).markdown
        files[FindYourErrorPage.path] = FindYourErrorPage(entries: diagnostics).markdown
        for entry in diagnostics {
            let page = ErrorEntryPage(entry: entry, references: references)
            let path = "\(ErrorEntryPage.folder)/\(entry.id).md"
            files[path] = page.markdown
            if !page.unknownIDs.isEmpty { unknown.append((path, page.unknownIDs)) }
        }
        let errata = ErrataPage(chapters: byChapter, references: references)
        files[ErrataPage.path] = errata.markdown
        if !errata.unknownIDs.isEmpty { unknown.append((ErrataPage.path, errata.unknownIDs)) }
        var ruleTexts: [String: String] = [:]
        for rule in rules {
            ruleTexts[rule.path] = try String(contentsOf: root.appendingPathComponent(rule.path), encoding: .utf8)
        }
        let rulesPage = RulesPage(rules: rules, texts: ruleTexts, references: references)
        files[RulesPage.path] = rulesPage.markdown
        if !rulesPage.unknownIDs.isEmpty { unknown.append((RulesPage.path, rulesPage.unknownIDs)) }
        let model = ModelPage(references: references)
        files[ModelPage.path] = model.markdown
        if !model.unknownIDs.isEmpty { unknown.append((ModelPage.path, model.unknownIDs)) }
        if let results {
            let performance = PerformancePage(
                results: results, takeaways: BenchFindings.sentences(from: results),
                pages: Dictionary(uniqueKeysWithValues: recipes.map { ($0.id, "\($0.chapter.slug)/\($0.id).md") }),
                recipeRatios: ratios)
            files["performance.md"] = performance.markdown
            files.merge(performance.charts) { new, _ in new }
        }
        guard unknown.isEmpty else { throw UnknownRecipeIDs(pages: unknown) }
        return files
    }
}
