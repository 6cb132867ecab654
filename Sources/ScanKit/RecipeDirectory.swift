import RecipeKit

/// The title and guide page of each recipe and guide note, by id, for the reports.
///
/// Findings name pages by id only; the reports all show titles and page paths, and this is the one
/// place that derives them from the catalog.
struct RecipeDirectory: Sendable {
    struct Entry: Sendable, Codable, Equatable {
        let id: String
        let title: String
        let page: String
    }

    private let entries: [String: Entry]

    init(recipes: [Recipe], notes: [GuideNote] = []) {
        let pages =
            recipes.map { ($0.id, Entry(id: $0.id, title: $0.title, page: ScanSummary.page(of: $0))) }
            + notes.map { ($0.id, Entry(id: $0.id, title: $0.title, page: "Guide/\($0.chapter.slug)/\($0.id).md")) }
        entries = Dictionary(pages, uniquingKeysWith: { first, _ in first })
    }

    subscript(id: String) -> Entry {
        entries[id] ?? Entry(id: id, title: id, page: "")
    }
}
