// Check: swift6 rejects
/// A client from before Swift concurrency: it calls back on a queue of its own.
final class ProfileClient: Sendable {
    func fetchName(completion: @escaping @Sendable (String) -> Void) {
        completion("Ada")
    }
}

@MainActor func refreshBadge() {}
// expected-note@-1 {{calls to global function 'refreshBadge()' from outside of its actor context are implicitly asynchronous}}

@MainActor final class ProfileScreen {
    let client = ProfileClient()
    var title = ""

    func show(name: String) { title = name }
    // expected-note@-1 {{calls to instance method 'show(name:)' from outside of its actor context are implicitly asynchronous}}

    func load() {
        client.fetchName { name in
            self.show(name: name)
            // expected-error@-1 {{call to main actor-isolated instance method 'show(name:)' in a synchronous nonisolated context}}
            refreshBadge()
            // expected-error@-1 {{call to main actor-isolated global function 'refreshBadge()' in a synchronous nonisolated context}}
        }
    }
}
