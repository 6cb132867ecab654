// Check: swift6 rejects
final class Journal {
// expected-note@-1 {{class 'Journal' does not conform to the 'Sendable' protocol}}
    var entries: [String] = []
}

nonisolated var journalEntries = 0
// expected-error@-1 {{var 'journalEntries' is not concurrency-safe because it is nonisolated global shared mutable state}}
// expected-note@-2 {{convert 'journalEntries' to a 'let' constant to make 'Sendable' shared state immutable}}
// expected-note@-3 {{add '@MainActor' to make var 'journalEntries' part of global actor 'MainActor'}}
// expected-note@-4 {{disable concurrency-safety checks if accesses are protected by an external synchronization mechanism}}
// expected-error@-5 {{'nonisolated' cannot be applied to mutable stored properties}}
// expected-note@-6 {{convert 'journalEntries' to a 'let' constant or consider declaring it 'nonisolated(unsafe)' if manually managing concurrency safety}}

@MainActor final class JournalScreen {
    nonisolated let journal = Journal()
    // expected-error@-1 {{'nonisolated' can not be applied to variable with non-'Sendable' type 'Journal'}}
}
