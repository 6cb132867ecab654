import Catalog
import Foundation
import RecipeKit

/// `swift run compare`: runs both halves of recipes, checks parity, measures, and reports.
///
/// Exit status: 0 when the sides agree (or the ids name guide notes, which are printed), 1 on a
/// parity mismatch, 64 on a usage error.
public enum CompareCommand {
    public static let exitSame: Int32 = 0
    public static let exitMismatch: Int32 = 1
    public static let exitUsage: Int32 = 64

    public static func run(
        arguments: [String],
        recipes catalog: [Recipe] = Catalog.recipes,
        notes: [GuideNote] = Catalog.notes,
        console: Console = .standard
    ) async -> Int32 {
        var out = console.out
        let err = console.err
        let options: Options
        do {
            options = try Options(arguments: arguments)
        } catch {
            err.write("compare: \(error.message)\nRun 'swift run compare --help' for usage.\n")
            return exitUsage
        }
        let style = console.style
        switch options.mode {
        case .help:
            print(Options.help, to: &out)
            return exitSame
        case .list:
            if options.json {
                print(listJSON(catalog, notes: notes), to: &out)
            } else {
                for line in list(catalog, notes: notes, style: style) { print(line, to: &out) }
            }
            return exitSame
        case .recipes(let ids):
            var recipes: [Recipe] = []
            var named: [GuideNote] = []
            for id in ids {
                if let note = notes.first(where: { $0.id == id }) {
                    named.append(note)
                    continue
                }
                guard let recipe = catalog.first(where: { $0.id == id }) else {
                    let ideas = Suggestions.closest(to: id, among: catalog.map(\.id) + notes.map(\.id))
                    err.write(
                        "compare: no recipe '\(id)'. Did you mean: \(ideas.joined(separator: ", "))?\n"
                            + "Run 'swift run compare --list' for every id.\n"
                    )
                    return exitUsage
                }
                recipes.append(recipe)
            }
            if options.json && !options.showCode {
                // A script gets one JSON document: the notes' text beside the recipes' results.
                return await runRecipes(
                    recipes, notes: named, options: options, console: console, progress: false)
            }
            if !named.isEmpty {
                // A note has nothing to run: print it (its code side by side with --code).
                for (index, note) in named.enumerated() {
                    if index > 0 { print("", to: &out) }
                    if options.showCode, let legacy = note.legacyPath, let modern = note.modernPath {
                        for line in code(note.id, note.title, legacy, modern, style: style, width: console.width) {
                            print(line, to: &out)
                        }
                    } else {
                        let title = note.text.prefix { $0 != "\n" }
                        print(style.bold(String(title)) + note.text.dropFirst(title.count), to: &out)
                    }
                }
                if recipes.isEmpty { return exitSame }
                print("", to: &out)
            }
            if options.showCode {
                for recipe in recipes {
                    for line in code(recipe, style: style, width: console.width) { print(line, to: &out) }
                }
                return exitSame
            }
            return await runRecipes(recipes, options: options, console: console, progress: false)
        case .all:
            return await runRecipes(catalog, options: options, console: console, progress: true)
        }
    }

    private static func runRecipes(
        _ recipes: [Recipe], notes: [GuideNote] = [], options: Options, console: Console, progress: Bool
    ) async -> Int32 {
        var out = console.out
        let err = console.err
        let style = console.style
        let renderer = TerminalReport(
            style: style, width: console.width, full: options.full, batching: options.batching)
        var reports: [RecipeReport] = []
        let clock = ContinuousClock()
        for (index, recipe) in recipes.enumerated() {
            let start = clock.now
            let report = await RecipeRunner.run(
                recipe, pace: options.pace, runs: options.runs, batching: options.batching)
            reports.append(report)
            if progress {
                let counter = "[\(pad(index + 1, recipes.count))/\(recipes.count)]"
                let allDemos = report.scenarios.allSatisfy { $0.rules.contains { $0.name == "subprocessDemo" } }
                let verdict =
                    report.agrees ? style.green(allDemos ? "as expected" : "same") : style.red("different")
                let seconds = String(format: "%.1f s", (clock.now - start).seconds)
                let line =
                    "\(counter) \(recipe.id.padding(toLength: 34, withPad: ".", startingAt: 0)) \(verdict)  \(style.dim(seconds))\n"
                if options.json { err.write(line) } else { out.write(line) }
                if !report.agrees && !options.json {
                    for line in renderer.render(report, recipe: recipe, pace: options.pace, runs: options.runs) {
                        print("    " + line, to: &out)
                    }
                }
            } else if !options.json {
                if index > 0 { print("", to: &out) }
                for line in renderer.render(report, recipe: recipe, pace: options.pace, runs: options.runs) {
                    print(line, to: &out)
                }
            }
        }
        let agrees = reports.allSatisfy(\.agrees)
        if options.json {
            let report = Report(
                pace: options.pace.name, runs: options.runs, agrees: agrees, recipes: reports,
                notes: notes.isEmpty ? nil : notes.map(NoteReport.init))
            print(json(report), to: &out)
        } else if progress {
            let different = reports.filter { !$0.agrees }.map(\.id)
            print("", to: &out)
            print(
                different.isEmpty
                    ? style.green("\(reports.count) recipes: all \(reports.count) agree")
                    : style.red(
                        "\(reports.count) recipes: \(different.count) disagree: \(different.joined(separator: ", "))"),
                to: &out
            )
        }
        return agrees ? exitSame : exitMismatch
    }

    /// `--list`: every recipe, grouped by chapter, then the chapter's guide notes, marked as such.
    static func list(_ catalog: [Recipe], notes: [GuideNote] = [], style: Style) -> [String] {
        var lines: [String] = []
        let width = max(20, ((catalog.map(\.id.count) + notes.map(\.id.count)).max() ?? 0) + 2)
        for chapter in Array(Set(catalog.map(\.chapter) + notes.map(\.chapter))).sorted() {
            if !lines.isEmpty { lines.append("") }
            lines.append(style.bold("\(chapter.number). \(chapter.title)"))
            for recipe in catalog where recipe.chapter == chapter {
                lines.append("   " + recipe.id.padding(toLength: width, withPad: " ", startingAt: 0) + recipe.title)
            }
            for note in notes where note.chapter == chapter {
                lines.append(
                    "   " + note.id.padding(toLength: width, withPad: " ", startingAt: 0) + note.title
                        + style.dim(" (guide note: nothing to run)"))
            }
        }
        lines.append("")
        let noteCount = notes.isEmpty ? "" : " and \(notes.count) guide notes"
        lines.append(style.dim("\(catalog.count) recipes\(noteCount). Run one with: swift run compare <id>"))
        return lines
    }

    private static func listJSON(_ catalog: [Recipe], notes: [GuideNote]) -> String {
        struct Entry: Codable {
            let id: String
            let title: String
            let kind: String
            let chapter: RecipeReport.ChapterInfo
            let sources: [String]
            let scenarios: [String]
        }
        let recipes = catalog.map {
            Entry(
                id: $0.id, title: $0.title, kind: "recipe",
                chapter: .init(number: $0.chapter.number, title: $0.chapter.title),
                sources: $0.sources, scenarios: $0.scenarios.map(\.name)
            )
        }
        let notes = notes.map {
            Entry(
                id: $0.id, title: $0.title, kind: "note",
                chapter: .init(number: $0.chapter.number, title: $0.chapter.title), sources: $0.sources, scenarios: [])
        }
        return json(recipes + notes)
    }

    /// `--code`: both source files side by side.
    private static func code(_ recipe: Recipe, style: Style, width: Int) -> [String] {
        code(recipe.id, recipe.title, recipe.legacyPath, recipe.modernPath, style: style, width: width)
    }

    private static func code(
        _ id: String, _ title: String, _ legacyPath: String, _ modernPath: String, style: Style, width: Int
    ) -> [String] {
        let columns = SideBySide(width: width, style: style)
        let legacy = SourceFiles.text(legacyPath).split(separator: "\n", omittingEmptySubsequences: false)
        let modern = SourceFiles.text(modernPath).split(separator: "\n", omittingEmptySubsequences: false)
        return [style.bold("\(id) — \(title)"), columns.header(legacyPath, modernPath)]
            + columns.render(left: legacy.map(String.init), right: modern.map(String.init))
    }

    private static func json(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(value)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    private static func pad(_ number: Int, _ total: Int) -> String {
        let text = String(number)
        return String(repeating: " ", count: max(0, String(total).count - text.count)) + text
    }
}
