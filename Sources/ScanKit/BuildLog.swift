import Catalog
import Foundation
import RecipeKit

/// `scan --build-log FILE`: the concurrency messages of a build log (`swift build`, `xcodebuild`,
/// or Xcode's "Copy Transcript"), each recognised by the template of its entry under
/// `Diagnostics/` and grouped by entry, most frequent first; the messages that look like
/// concurrency diagnostics but match no entry are listed as such, never dropped.
public struct BuildLog {
    /// One diagnostic line of the log: `path:line:column: error: message [#Group]`.
    public struct Message: Equatable, Hashable, Sendable {
        public let file: String
        public let line: Int
        public let column: Int
        /// `error` or `warning`; `nil` when the log doesn't say (Xcode's transcript).
        public let kind: String?
        /// The message without its group and without the Swift 5 mode's "this is an error in the
        /// Swift 6 language mode" ending, its first letter as the compiler prints it (lower case).
        public let text: String

        public var location: String { "\(file):\(line)" }

        /// The message on `line`, or `nil` for a line that is not an error or a warning.
        public init?(_ line: Substring) {
            guard let swift = line.range(of: ".swift:") else { return nil }
            let fields = line[swift.upperBound...].split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
            guard fields.count == 3, let number = Int(fields[0]), let column = Int(fields[1]) else { return nil }
            var rest = fields[2].drop { $0 == " " }
            var kind: String?
            for name in ["error", "warning", "note", "remark"] where rest.hasPrefix(name + ": ") {
                kind = name
                rest = rest.dropFirst(name.count + 2)
            }
            guard kind != "note", kind != "remark", !rest.isEmpty else { return nil }
            var text = String(rest).trimmingCharacters(in: .whitespaces)
            if text.hasSuffix("]"), let marker = text.range(of: " [#", options: .backwards) {
                text = String(text[..<marker.lowerBound])
            }
            for ending in ["; this is an error in the Swift 6 language mode", "; this will be an error in a future Swift language mode"]
            where text.hasSuffix(ending) {
                text = String(text.dropLast(ending.count))
            }
            // Xcode's issue navigator and transcript start a message with a capital letter.
            if let first = text.first, first.isUppercase, text.dropFirst().first?.isLowercase == true {
                text = first.lowercased() + text.dropFirst()
            }
            let path = line[..<swift.lowerBound]
            file = String(path.split(separator: " ").last ?? path) + ".swift"
            self.line = number
            self.column = column
            self.kind = kind
            self.text = text
        }
    }

    /// The messages of one entry, or one message that has no entry.
    public struct Group: Sendable {
        /// `nil` for a concurrency message with no entry.
        public let entry: DiagnosticEntry?
        /// The distinct messages (the entry's templates that matched, or the message as printed).
        public let messages: [String]
        /// Every place, in log order.
        public let locations: [String]
        public var count: Int { locations.count }
    }

    public let recognised: [Group]
    public let unrecognised: [Group]

    /// The words that make a message look like a concurrency diagnostic.
    static let concurrencyWords = [
        "actor", "isolated", "isolation", "sendable", "sending", "concurrency", "data race", "async",
        "await", "@concurrent", "preconcurrency", "task", "continuation",
    ]

    /// Whether `text` speaks of actors, isolation, `Sendable`, tasks or `async`, in its own words:
    /// a quoted name (`'fetchTask'`) counts only when it is one of those words or an attribute.
    public static func looksLikeConcurrency(_ text: String) -> Bool {
        let parts = text.split(separator: "'", omittingEmptySubsequences: false)
        let words = parts.enumerated().map { index, part -> String in
            guard index % 2 == 1, index < parts.count - 1 else { return String(part) }
            let name = part.lowercased()
            return name.hasPrefix("@") || concurrencyWords.contains(name) ? name : ""
        }
        let lowered = words.joined(separator: " ").lowercased()
        return concurrencyWords.contains { lowered.contains($0) }
    }

    /// Reads `log` against `entries`: each error and warning once (a log may repeat a message).
    public init(log: String, entries: [DiagnosticEntry]) {
        var seen = Set<Message>()
        var byEntry: [String: (entry: DiagnosticEntry, messages: [String], locations: [String], order: Int)] = [:]
        var other: [String: (locations: [String], order: Int)] = [:]
        var order = 0
        let templates = entries.flatMap { entry in entry.templates.map { (entry, $0) } }
        for line in log.split(separator: "\n") {
            guard let message = Message(line), seen.insert(message).inserted else { continue }
            order += 1
            if let (entry, template) = templates.first(where: { $0.1.matches(message.text) }) {
                var group = byEntry[entry.id] ?? (entry, [], [], order)
                if !group.messages.contains(template.text) { group.messages.append(template.text) }
                group.locations.append(message.location)
                byEntry[entry.id] = group
            } else if Self.looksLikeConcurrency(message.text) {
                var group = other[message.text] ?? ([], order)
                group.locations.append(message.location)
                other[message.text] = group
            }
        }
        recognised = byEntry.values.sorted { ($0.locations.count, -$1.order) > ($1.locations.count, -$0.order) }
            .map { Group(entry: $0.entry, messages: $0.messages, locations: $0.locations) }
        unrecognised = other.sorted { ($0.value.locations.count, -$1.value.order) > ($1.value.locations.count, -$0.value.order) }
            .map { Group(entry: nil, messages: [$0.key], locations: $0.value.locations) }
    }

    public var isEmpty: Bool { recognised.isEmpty && unrecognised.isEmpty }

    /// The entries under `Diagnostics/` of this package's checkout.
    public static func entries() throws -> [DiagnosticEntry] {
        try DiagnosticEntry.all(root: packageRoot)
    }

    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The page of an entry, below the package root.
    public static func page(of entry: DiagnosticEntry) -> String { "Guide/errors/\(entry.id).md" }

    /// The recipes an entry's "Where it comes from" names, in order, each with its page.
    public static func recipes(of entry: DiagnosticEntry) -> [(id: String, page: String)] {
        var seen: [(id: String, page: String)] = []
        for origin in entry.origins {
            let words = origin.split(separator: "`", omittingEmptySubsequences: false).enumerated()
                .filter { $0.offset % 2 == 1 }.map { String($0.element) }
            for word in words where !seen.contains(where: { $0.id == word }) {
                if let recipe = Catalog.recipes.first(where: { $0.id == word }) {
                    seen.append((word, "Guide/\(recipe.chapter.slug)/\(word).md"))
                } else if let note = Catalog.notes.first(where: { $0.id == word }) {
                    seen.append((word, "Guide/\(note.chapter.slug)/\(word).md"))
                }
            }
        }
        return seen
    }

    /// How many places `render` names per group.
    static let shownLocations = 3

    private static func places(_ group: Group) -> String {
        let shown = group.locations.prefix(shownLocations).joined(separator: ", ")
        let more = group.count - min(group.count, shownLocations)
        return more > 0 ? "\(shown) and \(more) more" : shown
    }

    /// For a person: each group with its count, first places, entry and recipes.
    public func terminal(file: String) -> String {
        guard !isEmpty else { return "scan: no concurrency diagnostics in \(file)\n" }
        var text = ""
        for group in recognised {
            guard let entry = group.entry else { continue }
            text += "\(group.count) × \(entry.id): \(Self.page(of: entry))\n"
            for message in group.messages { text += "    \(message)\n" }
            text += "    at \(Self.places(group))\n"
            let recipes = Self.recipes(of: entry)
            if !recipes.isEmpty { text += "    recipes: \(recipes.map(\.id).joined(separator: ", "))\n" }
            text += "\n"
        }
        if !unrecognised.isEmpty {
            text += "No entry yet (look for the nearest one in Guide/find-your-error.md):\n"
            for group in unrecognised {
                text += "\(group.count) × \(group.messages[0])\n    at \(Self.places(group))\n"
            }
            text += "\n"
        }
        let total = (recognised + unrecognised).map(\.count).reduce(0, +)
        text += "scan: \(total) concurrency diagnostics in \(file): \(recognised.count) entries"
            + ", \(unrecognised.count) messages with no entry\n"
        return text
    }

    /// A Markdown report, linking the entries' and the recipes' pages.
    public func markdown(file: String) -> String {
        var lines = ["# Concurrency diagnostics in `\(file)`", ""]
        guard !isEmpty else { return (lines + ["No concurrency diagnostics.", ""]).joined(separator: "\n") }
        for group in recognised {
            guard let entry = group.entry else { continue }
            lines += ["## \(group.count) × [\(entry.id)](\(Self.page(of: entry)))", ""]
            lines += group.messages.map { "- `\($0)`" }
            lines += ["", "At \(Self.places(group)).", ""]
            let recipes = Self.recipes(of: entry)
            if !recipes.isEmpty {
                lines += ["Recipes: " + recipes.map { "[`\($0.id)`](\($0.page))" }.joined(separator: ", "), ""]
            }
        }
        if !unrecognised.isEmpty {
            lines += ["## No entry yet", ""]
            lines += unrecognised.map { "- \($0.count) × `\($0.messages[0])` at \(Self.places($0))" }
            lines.append("")
        }
        return lines.joined(separator: "\n")
    }

    /// For scripts (`schemaVersion` 1).
    public func json(file: String) -> String {
        struct Recipe: Encodable {
            let id: String
            let page: String
        }
        struct Entry: Encodable {
            let entry: String
            let page: String
            let count: Int
            let messages: [String]
            let locations: [String]
            let recipes: [Recipe]
        }
        struct Unrecognised: Encodable {
            let message: String
            let count: Int
            let locations: [String]
        }
        struct Report: Encodable {
            let schemaVersion = 1
            let log: String
            let entries: [Entry]
            let unrecognised: [Unrecognised]
        }
        let report = Report(
            log: file,
            entries: recognised.compactMap { group in
                group.entry.map { entry in
                    Entry(
                        entry: entry.id, page: Self.page(of: entry), count: group.count, messages: group.messages,
                        locations: group.locations, recipes: Self.recipes(of: entry).map { Recipe(id: $0.id, page: $0.page) })
                }
            },
            unrecognised: unrecognised.map { Unrecognised(message: $0.messages[0], count: $0.count, locations: $0.locations) })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(report)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
