protocol Refreshable {
    func refresh() async
}

/// An `async` requirement lets a main-actor method witness it without an
/// isolated conformance: callers on any task `await` the hop.
@MainActor final class InboxScreen: Refreshable {
    func refresh() {}
}

nonisolated func scheduleRefresh<Client: Refreshable & Sendable>(_ client: Client) {}

@MainActor func start(_ screen: InboxScreen) {
    scheduleRefresh(screen)
}
