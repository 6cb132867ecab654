/// The same client; its callback now finishes an `await` instead of
/// running UI code on the client's queue.
nonisolated final class ProfileClient: Sendable {
    func fetchName(completion: @escaping @Sendable (String) -> Void) {
        completion("Ada")
    }

    func name() async -> String {
        await withCheckedContinuation { continuation in
            fetchName { continuation.resume(returning: $0) }
        }
    }
}

@MainActor func refreshBadge() {}

@MainActor final class ProfileScreen {
    let client = ProfileClient()
    var title = ""

    func show(name: String) { title = name }

    func load() async {
        show(name: await client.name())
        refreshBadge()
    }
}
