import Catalog
import Foundation
import RecipeKit

/// The guide as a DocC catalog: the same pages as `Guide/`, rewritten for DocC.
///
/// DocC gives readers what GitHub can't: a navigator with a filter and one page per recipe in the
/// Swift documentation look. The pages are the ones `guide` writes for GitHub, so the two never
/// disagree; only what DocC reads differently changes: links between pages become `doc:` links,
/// links to source files become their paths, raw HTML (anchors, `<br>`, breakable `<code>`, the
/// folded drivers) becomes plain Markdown or goes, and the landing and chapter pages curate the
/// navigator's tree. The patterns stay stacked blocks, Legacy over Modern: DocC's columns are too
/// narrow for two 80-column listings side by side. Each "Find your code" row also becomes a page
/// titled by its API (`DocCAPIPages`), so the navigator's filter finds `DispatchSemaphore`.
public enum DocCCatalog {
    /// The catalog's folder name, which is also the name of its landing page.
    public static let name = "ConcurrencyMigration"

    /// Where the catalog is committed, below the package: the documentation target's catalog,
    /// which the Swift Package Index builds (`.spi.yml`); `guide` keeps it current.
    public static let committedPath = "Sources/\(name)/\(name).docc"
    static var committed: URL { SourceFile.packageRoot.appendingPathComponent(committedPath) }

    /// DocC's theme settings: no "On this page" outline beside the page.
    ///
    /// The outline takes 250 px of a 1,600 px window and leaves 80-column listings too narrow a
    /// column; the page's sections are in the navigator's tree and its own headings anyway.
    static let themeSettings = """
        {
          "features": { "docs": { "onThisPageNavigator": { "disable": true } } }
        }

        """

    /// Relative path below the `.docc` folder → contents, from `guide` (path below `Guide/` →
    /// contents, as `GuideGenerator.files` returns them) and the "Find your code" rows in `index`.
    public static func files(
        from guide: [String: String], index: [APIIndexGroup] = FindYourCode.groups
    )
        -> [String: String]
    {
        var files: [String: String] = ["theme-settings.json": themeSettings]
        let recipes = Set(
            guide.keys.filter { $0.hasSuffix(".md") && !$0.hasSuffix("README.md") }
                .map { (($0 as NSString).lastPathComponent as NSString).deletingPathExtension })
        for (page, text) in DocCAPIPages.pages(for: index, recipes: recipes) {
            files["FindYourCode/\(page).md"] = text
        }
        let chapters = guide.keys.filter { $0.hasSuffix("/README.md") }.map { String($0.dropLast("/README.md".count)) }
            .sorted()
        for (path, text) in guide {
            if path.hasSuffix(".svg") {
                files["Resources/\((path as NSString).lastPathComponent)"] = text
                continue
            }
            let folder = (path as NSString).deletingLastPathComponent
            var page = convert(text, folder: folder)
            if path == "README.md" {
                page = insert(["@Metadata {", "    @TechnologyRoot", "}"], afterTitleOf: page)
                // GitHub's find-in-page anchors are gone here; the navigator finds an API instead.
                page = page.replacingOccurrences(
                    of: #"Every spelling is an anchor, e\.g\.[^\n]*"#,
                    with: "Each API also has a page of its own, below: type it into the navigator's filter.",
                    options: .regularExpression)
                page +=
                    "\n## Topics\n\n### Chapters\n\n" + chapters.map { "- <doc:\($0)>" }.joined(separator: "\n")
                    + "\n\n### The model and its rules\n\n- <doc:model>\n- <doc:rules>\n"
                    + "\n### Find your error\n\n- <doc:find-your-error>\n"
                    + "\n### About the numbers and the texts\n\n- <doc:performance>\n- <doc:errata>\n\n"
                    + DocCAPIPages.topics(for: index)
                files["\(name).md"] = page
            } else if path.hasSuffix("/README.md") {
                let pages = guide.keys.filter {
                    $0.hasPrefix(folder + "/") && !$0.hasSuffix("/README.md") && $0.hasSuffix(".md")
                }
                .map { (($0 as NSString).lastPathComponent as NSString).deletingPathExtension }
                // The chapter's recipes in the order of its table, then its notes.
                let ordered = pages.sorted { (position(of: $0, in: text), $0) < (position(of: $1, in: text), $1) }
                page +=
                    "\n## Topics\n\n### Recipes and notes\n\n" + ordered.map { "- <doc:\($0)>" }.joined(separator: "\n")
                    + "\n"
                files["\(folder).md"] = page
            } else if path == FindYourErrorPage.path {
                // The entries' pages, curated under their groups.
                page += "\n## Topics\n"
                var group = ""
                for line in text.components(separatedBy: "\n") {
                    if line.hasPrefix("## ") {
                        group = String(line.dropFirst(3))
                        page += "\n### \(group.replacingOccurrences(of: "`", with: ""))\n\n"
                    } else if line.hasPrefix("- ["), let range = line.range(of: "](\(ErrorEntryPage.folder)/") {
                        let id = line[range.upperBound...].prefix { $0 != "." }
                        let item = "- <doc:\(id)>\n"
                        if !page.hasSuffix(item) && !page.contains("\n\(item)") { page += item }
                    }
                }
                files[(path as NSString).lastPathComponent] = page
            } else {
                files[(path as NSString).lastPathComponent] = page
            }
        }
        return files
    }

    /// Where a page is first linked in `text` (its chapter page), so the navigator keeps that order.
    static func position(of id: String, in text: String) -> Int {
        guard let range = text.range(of: "(\(id).md)") else { return Int.max }
        return text.distance(from: text.startIndex, to: range.lowerBound)
    }

    /// `lines` inserted after the page's `# Title` line.
    static func insert(_ lines: [String], afterTitleOf page: String) -> String {
        var all = page.components(separatedBy: "\n")
        let title = all.firstIndex { $0.hasPrefix("# ") } ?? 0
        all.insert(contentsOf: [""] + lines, at: title + 1)
        return all.joined(separator: "\n")
    }

    /// One GitHub page (Markdown, in `folder` below `Guide/`) as DocC reads it.
    static func convert(_ markdown: String, folder: String) -> String {
        var lines: [String] = []
        var inDetails = false
        var inCode = false
        for line in markdown.components(separatedBy: "\n") {
            if line.hasPrefix("```") { inCode.toggle() }
            if inCode || line.hasPrefix("```") {
                if !inDetails { lines.append(line) }
                continue
            }
            if line.hasPrefix("<details>") { inDetails = true }
            if inDetails {
                if line.hasPrefix("</details>") { inDetails = false }
                continue
            }
            if line.hasPrefix("<!--") { continue }
            // DocC shows a title's backticks as they are, in the page and in the navigator.
            let line = line.hasPrefix("# ") ? line.replacingOccurrences(of: "`", with: "") : line
            lines.append(convertLine(line, folder: folder))
        }
        return lines.joined(separator: "\n")
    }

    /// One line outside code: links, anchors, `<br>` and breakable `<code>` rewritten.
    static func convertLine(_ line: String, folder: String) -> String {
        var text = line
        // Anchors for GitHub's find-in-page links: DocC makes its own.
        text = text.replacingOccurrences(of: #"<a id="[^"]*"></a>"#, with: "", options: .regularExpression)
        text = text.replacingOccurrences(of: "<br>", with: " · ")
        text = text.replacingOccurrences(
            of: #"<code>(.*?)</code>"#, with: "`$1`", options: .regularExpression)
        text = text.replacingOccurrences(of: "<wbr>", with: "").replacingOccurrences(of: "&#124;", with: "\\|")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&amp;", with: "&")
        return rewriteLinks(text, folder: folder)
    }

    /// `[text](target)` links: to a page → `[text](<doc:name>)`; to a file of the package → its
    /// path as text; anything else stays.
    static func rewriteLinks(_ line: String, folder: String) -> String {
        let pattern = #"\[((?:[^\[\]]|`[^`]*`)*)\]\(([^()\s]+)\)"#
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return line }
        var result = ""
        var last = line.startIndex
        for match in regex.matches(in: line, range: NSRange(line.startIndex..., in: line)) {
            guard let whole = Range(match.range, in: line), let textRange = Range(match.range(at: 1), in: line),
                let targetRange = Range(match.range(at: 2), in: line)
            else { continue }
            result += line[last..<whole.lowerBound]
            let text = String(line[textRange])
            let target = String(line[targetRange])
            let isImage = whole.lowerBound > line.startIndex && line[line.index(before: whole.lowerBound)] == "!"
            if isImage {
                // A chart: DocC finds it among the catalog's resources by its name.
                result += "[\(text)](\(((target as NSString).lastPathComponent as NSString).deletingPathExtension))"
            } else if target.hasPrefix("http://") || target.hasPrefix("https://") {
                result += line[whole]
            } else if let name = pageName(target, folder: folder) {
                result += "[\(text)](<doc:\(name)>)"
            } else if target.hasPrefix("#") {
                result += text
            } else {
                // A file of the package (source, test, script): its path, as code.
                let path = target.replacingOccurrences(of: "../", with: "")
                result += text.hasPrefix("`") ? text : "\(text) (`\(path)`)"
            }
            last = whole.upperBound
        }
        return result + line[last...]
    }

    /// The DocC page a `.md` link from `folder` leads to, or `nil` when it leads to no page.
    static func pageName(_ target: String, folder: String) -> String? {
        let path = String(target.split(separator: "#", maxSplits: 1).first ?? "")
        guard path.hasSuffix(".md") else { return nil }
        let resolved = URL(fileURLWithPath: "/Guide/" + (folder.isEmpty ? "" : folder + "/") + path).standardized.path
        guard resolved.hasPrefix("/Guide/") else { return nil }
        let inGuide = String(resolved.dropFirst("/Guide/".count))
        if inGuide == "README.md" { return name }
        if inGuide.hasSuffix("/README.md") { return String(inGuide.dropLast("/README.md".count)) }
        return ((inGuide as NSString).lastPathComponent as NSString).deletingPathExtension
    }
}
