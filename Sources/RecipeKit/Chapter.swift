/// A chapter of the guide: its number, its title, and the introduction its page opens with.
public struct Chapter: Sendable, Hashable, Identifiable, Comparable {
    public let number: Int
    public let title: String
    /// The folder name under `Sources/Legacy`, `Sources/Modern` and `Tests/RecipeTests`.
    public let folder: String
    /// Markdown: the legacy mental model and what replaces it. The API table is generated.
    public let introduction: String

    public init(number: Int, title: String, folder: String, introduction: String) {
        self.number = number
        self.title = title
        self.folder = folder
        self.introduction = introduction
    }

    public var id: Int { number }

    /// The chapter's folder under `Guide/`, e.g. `01-queues-and-hopping`.
    public var slug: String {
        let words = title.lowercased()
            .split { !$0.isLetter && !$0.isNumber && $0 != "&" }
            .map { $0 == "&" ? "and" : $0 }
        let number = number < 10 ? "0\(number)" : "\(number)"
        return ([number] + words.map(String.init)).joined(separator: "-")
    }

    public static func < (lhs: Chapter, rhs: Chapter) -> Bool { lhs.number < rhs.number }
    public static func == (lhs: Chapter, rhs: Chapter) -> Bool { lhs.number == rhs.number }
    public func hash(into hasher: inout Hasher) { hasher.combine(number) }
}
