actor TokenStore {
    var token = ""
    var refreshes = 0

    /// One isolated step: refresh, count, and return the token.
    func refreshedToken() -> String {
        refreshes += 1
        return token
    }
}

/// The API becomes `async`: its callers wait for the actor instead of
/// blocking a thread on a queue.
nonisolated final class SessionManager: Sendable {
    let store = TokenStore()

    func currentToken() async -> String {
        await store.refreshedToken()
    }
}
