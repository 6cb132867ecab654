import RecipeKit

/// "Find your code" as DocC pages: one article per legacy API, titled by its Swift spelling.
///
/// DocC's navigator filter matches page titles only, so a reader who types `DispatchSemaphore`
/// into it finds nothing unless a page carries that name. On GitHub the index is one long page
/// that find-in-page searches; on the site each row of it becomes a page of its own, curated
/// under its group on the landing page, so the navigator doubles as the index.
enum DocCAPIPages {
    /// The page name of an index row: `find-` and the anchor of its first spelling.
    static func name(of entry: APIIndexEntry) -> String {
        "find-" + (entry.anchors.first ?? "")
    }

    /// Page name → article, for every row of `groups`; `recipes` is the set of recipe and note ids
    /// that have a page.
    static func pages(for groups: [APIIndexGroup], recipes: Set<String>) -> [String: String] {
        var pages: [String: String] = [:]
        for group in groups {
            for entry in group.entries {
                pages[name(of: entry)] = page(for: entry, in: group, recipes: recipes)
            }
        }
        return pages
    }

    /// The landing page's topic groups that curate the pages, one per index group.
    static func topics(for groups: [APIIndexGroup]) -> String {
        groups.map { group in
            "### Find your code: \(group.kind)\n\n"
                + group.entries.map { "- <doc:\(name(of: $0))>" }.joined(separator: "\n") + "\n"
        }
        .joined(separator: "\n")
    }

    static func page(for entry: APIIndexEntry, in group: APIIndexGroup, recipes: Set<String>) -> String {
        let swift = entry.spellings.first ?? ""
        var lines = [
            "# \(swift)",  // DocC shows a title's backticks as they are
            "",
            group.indexesModernCode
                ? "How to use `\(swift)` in a half-migrated app so that it holds, and the page that shows it."
                : "What replaces `\(swift)` in each of its uses, and the recipe that shows it.",
            "",
        ]
        if entry.spellings.count > 1 {
            lines += [
                "Also spelled " + entry.spellings.dropFirst().map { "`\($0)`" }.joined(separator: ", ") + ".", "",
            ]
        }
        if !entry.alsoKnownAs.isEmpty {
            lines += ["Also called " + entry.alsoKnownAs.joined(separator: ", ") + ".", ""]
        }
        let replacement = group.indexesModernCode ? "Use it like this" : "Replace it with"
        lines += ["| Used for | \(replacement) | Shown in |", "|---|---|---|"]
        for use in entry.uses {
            let shown = use.recipes.map { recipes.contains($0) ? "[`\($0)`](<doc:\($0)>)" : "`\($0)`" }
            lines.append(
                "| \(cell(use.when)) | \(cell(use.modern)) | \(shown.joined(separator: ", ")) |")
        }
        lines += ["", "Group: \(group.kind). All rows: <doc:\(DocCCatalog.name)>.", ""]
        return lines.joined(separator: "\n")
    }

    /// A table cell: pipes escaped, one line.
    private static func cell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }
}
