// Check: migrate rejects
protocol Identified {
    var id: String { get }
}

@MainActor final class ProfileCard: Identified {
// expected-warning@-1 {{conformance of 'ProfileCard' to 'Identified' should be marked 'nonisolated' to retain its behavior with upcoming feature 'InferIsolatedConformances'}}
    nonisolated let id = "card"
}
