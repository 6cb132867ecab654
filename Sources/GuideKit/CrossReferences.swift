import Foundation
import RecipeKit

/// Turns recipe ids named in prose (`` `actor-reentrancy` ``) into links to their pages.
///
/// Pages name other recipes in backticks. Where the named recipe has a page, the reader gets a
/// link; where it is planned but not written yet (listed in `shared/RECIPES.md`), the id stays
/// plain text; an id that is neither is a typo, and `guide` refuses it.
struct CrossReferences {
    /// Every recipe and note with a page: id → chapter slug.
    let pages: [String: String]
    /// Ids that may be named without a page (the planned recipes), or `nil` when the inventory
    /// could not be read, so that nothing can be called unknown.
    let planned: Set<String>?

    init(recipes: [Recipe], notes: [GuideNote] = [], planned: Set<String>?) {
        pages = Dictionary(
            uniqueKeysWithValues: recipes.map { ($0.id, $0.chapter.slug) } + notes.map { ($0.id, $0.chapter.slug) })
        self.planned = planned
    }

    /// The ids of the inventory, read from the `### `id` — title` headings of `RECIPES.md`.
    static func plannedIDs(inventory url: URL) -> Set<String>? {
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return nil }
        var ids: Set<String> = []
        for line in text.split(separator: "\n") where line.hasPrefix("### `") {
            let rest = line.dropFirst(5)
            if let end = rest.firstIndex(of: "`") { ids.insert(String(rest[..<end])) }
        }
        return ids
    }

    /// `markdown` with each backticked recipe id that has a page made a link. `from` is the chapter
    /// slug of the page being written (`nil` for `Guide/README.md`); `self` is the id of that page,
    /// which is not linked to itself. Unknown ids are appended to `unknown`.
    func link(_ markdown: String, from chapter: String?, page: String? = nil, unknown: inout [String]) -> String {
        var result = ""
        var rest = markdown[...]
        while let open = rest.firstIndex(of: "`") {
            result += rest[..<open]
            let afterOpen = rest.index(after: open)
            guard let close = rest[afterOpen...].firstIndex(of: "`") else {
                result += rest[open...]
                return result
            }
            let word = String(rest[afterOpen..<close])
            let afterClose = rest.index(after: close)
            let alreadyLinked = result.hasSuffix("[") && rest[afterClose...].hasPrefix("](")
            if Self.looksLikeID(word) && !alreadyLinked {
                if let slug = pages[word], word != page {
                    let path =
                        chapter == nil ? "\(slug)/\(word).md" : slug == chapter ? "\(word).md" : "../\(slug)/\(word).md"
                    result += "[`\(word)`](\(path))"
                } else {
                    if pages[word] == nil, let planned, !planned.contains(word) { unknown.append(word) }
                    result += "`\(word)`"
                }
            } else {
                result += rest[open...close]
            }
            rest = rest[afterClose...]
        }
        result += rest
        return result
    }

    /// Kebab-case with at least one hyphen: `actor-reentrancy`, not `async` or `--full`.
    static func looksLikeID(_ word: String) -> Bool {
        let parts = word.split(separator: "-", omittingEmptySubsequences: false)
        return parts.count >= 2
            && parts.allSatisfy { part in
                !part.isEmpty && part.allSatisfy { ($0.isLetter && $0.isLowercase) || $0.isNumber }
            }
            && parts[0].first!.isLetter
    }
}
