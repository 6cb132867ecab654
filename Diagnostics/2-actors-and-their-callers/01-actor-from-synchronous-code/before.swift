// Check: swift6 rejects
/// Once a class with a private serial queue; now an actor.
actor TokenStore {
    var token = ""
    // expected-note@-1 {{property declared here}}
    var refreshes = 0
    // expected-note@-1 {{mutation of this property is only permitted within the actor}}
    func refresh() {}
    // expected-note@-1 {{calls to instance method 'refresh()' from outside of its actor context are implicitly asynchronous}}
}

/// The old synchronous API, kept for its callers.
final class SessionManager {
    let store = TokenStore()

    func currentToken() -> String {
        store.refresh()
        // expected-error@-1 {{call to actor-isolated instance method 'refresh()' in a synchronous nonisolated context}}
        store.refreshes += 1
        // expected-error@-1 {{actor-isolated property 'refreshes' can not be mutated from a nonisolated context}}
        return store.token
        // expected-error@-1 {{actor-isolated property 'token' can not be referenced from a nonisolated context}}
    }
}
