@MainActor final class SearchModel {
    var results: [String] = []

    func search(_ words: [String]) async {
        results = await Self.sorted(words)
        print(results.count)
    }

    /// The work that should leave the main actor, and only that.
    @concurrent nonisolated static func sorted(_ words: [String]) async -> [String] {
        words.sorted()
    }
}
