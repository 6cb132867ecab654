import Foundation
import RecipeKit

/// The Markdown articles that hold the pages' prose: `Sources/Catalog/Articles/<Chapter>/<id>.md`
/// for each recipe and guide note, and `introduction.md` for each chapter.
///
/// They ship as a resource of this module, so `compare`, `guide` and the tests read the same text
/// wherever they run. One folder per chapter keeps a chapter's prose together for a writer, and one
/// resource rule copies the tree as it is.
public enum Articles {
    /// The file name of a chapter's introduction in its folder.
    public static let introductionName = "introduction.md"

    /// Path below `Articles/` (`Queues/serial-queue.md`) → the article's text.
    public static let texts: [String: String] = {
        guard let root = Bundle.module.url(forResource: "Articles", withExtension: nil) else { return [:] }
        let paths = (try? FileManager.default.subpathsOfDirectory(atPath: root.path)) ?? []
        var texts: [String: String] = [:]
        for path in paths where path.hasSuffix(".md") {
            texts[path] = try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
        }
        return texts
    }()

    /// The path below `Articles/` of the article named `id` (a recipe's or a note's), if there is one.
    public static func path(of id: String) -> String? {
        paths[id]
    }

    /// Article name (`serial-queue`) → its path below `Articles/`, built once: every recipe and
    /// note looks its article up when the catalog loads, and a search of every path per lookup was
    /// a twentieth of a `scan`.
    private static let paths: [String: String] = {
        var paths: [String: String] = [:]
        for path in texts.keys.sorted() where path.hasSuffix(".md") {
            let name = String((path as NSString).lastPathComponent.dropLast(".md".count))
            if paths[name] == nil { paths[name] = path }
        }
        return paths
    }()

    /// The prose of recipe `id` (empty, with a problem, when it has no article).
    public static func recipe(_ id: String) -> RecipeProse {
        RecipeProse(markdown: path(of: id).flatMap { texts[$0] } ?? "")
    }

    /// The prose of guide note `id` (empty, with a problem, when it has no article).
    public static func note(_ id: String) -> NoteProse {
        NoteProse(markdown: path(of: id).flatMap { texts[$0] } ?? "")
    }

    /// The folder of the articles that are whole pages of their own, not a recipe's or a note's
    /// prose (`Pages/model.md`: "How Swift concurrency thinks").
    public static let pagesFolder = "Pages"

    /// The text of page article `name` (`model`), without its final newline; empty if missing.
    public static func page(_ name: String) -> String {
        var text = texts["\(pagesFolder)/\(name).md"] ?? ""
        while text.last == "\n" { text.removeLast() }
        return text
    }

    /// The introduction of the chapter whose folder is `folder`, without its final newline.
    public static func introduction(_ folder: String) -> String {
        var text = texts["\(folder)/\(introductionName)"] ?? ""
        while text.last == "\n" { text.removeLast() }
        return text
    }
}
