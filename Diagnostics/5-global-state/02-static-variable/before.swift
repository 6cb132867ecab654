// Check: swift6 rejects
final class AppSettings {
    static var current = AppSettings()
    // expected-error@-1 {{static property 'current' is not concurrency-safe because it is nonisolated global shared mutable state}}
    // expected-note@-2 {{convert 'current' to a 'let' constant to make 'Sendable' shared state immutable}}
    // expected-note@-3 {{add '@MainActor' to make static property 'current' part of global actor 'MainActor'}}
    // expected-note@-4 {{disable concurrency-safety checks if accesses are protected by an external synchronization mechanism}}
    let theme = "dark"
}
