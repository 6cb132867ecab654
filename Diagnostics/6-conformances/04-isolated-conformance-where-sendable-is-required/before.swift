// Check: swift6 rejects
protocol Refreshable {
    func refresh()
}

@MainActor final class InboxScreen: @MainActor Refreshable {
    func refresh() {}
}

/// A scheduler that refreshes its clients from a background task.
nonisolated func scheduleRefresh<Client: Refreshable & Sendable>(_ client: Client) {}
// expected-note@-1 {{'scheduleRefresh' declared here}}

@MainActor func start(_ screen: InboxScreen) {
    scheduleRefresh(screen)
    // expected-error@-1 {{main actor-isolated conformance of 'InboxScreen' to 'Refreshable' cannot satisfy conformance requirement for a 'Sendable' type parameter }}
}
