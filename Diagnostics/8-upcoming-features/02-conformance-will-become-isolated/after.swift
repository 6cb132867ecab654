protocol Identified {
    var id: String { get }
}

/// The conformance is used off the main actor: say that it stays
/// nonisolated.
@MainActor final class ProfileCard: nonisolated Identified {
    nonisolated let id = "card"
}
