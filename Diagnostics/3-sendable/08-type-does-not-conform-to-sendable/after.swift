/// The result is a value, so it can leave the task that made it.
struct ParsedFeed: Sendable {
    var items: [String] = []
}

@concurrent func parseInBackground(_ text: String) async -> ParsedFeed {
    ParsedFeed(items: text.split(separator: "\n").map(String.init))
}
