import Synchronization

/// Mutable state that isn't the main actor's: something must guard it.
nonisolated final class Journal: Sendable {
    let entries = Mutex<[String]>([])
}

nonisolated let journalEntries = Atomic<Int>(0)

@MainActor final class JournalScreen {
    nonisolated let journal = Journal()
}
