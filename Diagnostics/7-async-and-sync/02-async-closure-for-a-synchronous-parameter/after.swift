func fetchAvatar() async -> [UInt8] { [] }

@MainActor final class AvatarView {
    var bytes: [UInt8] = []

    /// A task instead of the queue: it starts on the main actor, waits,
    /// and assigns on the main actor.
    func reload() {
        Task {
            bytes = await fetchAvatar()
        }
    }
}
