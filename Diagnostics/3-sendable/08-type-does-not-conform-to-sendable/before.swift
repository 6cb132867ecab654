// Check: swift6 rejects
final class ParsedFeed {
// expected-note@-1 {{class 'ParsedFeed' does not conform to the 'Sendable' protocol}}
// expected-note@-2 {{class 'ParsedFeed' does not conform to the 'Sendable' protocol}}
// expected-note@-3 {{class 'ParsedFeed' does not conform to the 'Sendable' protocol}}
    var items: [String] = []
}

func parseInBackground(_ text: String) async -> ParsedFeed {
    await Task.detached {
    // expected-error@-1 {{type 'ParsedFeed' does not conform to the 'Sendable' protocol}}
    // expected-error@-2 {{type 'ParsedFeed' does not conform to the 'Sendable' protocol}}
        let feed = ParsedFeed()
        feed.items = text.split(separator: "\n").map(String.init)
        return feed
    }.value
    // expected-error@-1 {{type 'ParsedFeed' does not conform to the 'Sendable' protocol}}
}
