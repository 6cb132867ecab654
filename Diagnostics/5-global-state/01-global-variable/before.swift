// Check: swift6 rejects
/// Counted from several queues, guarded by nothing the compiler can see.
var requestsInFlight = 0
// expected-error@-1 {{var 'requestsInFlight' is not concurrency-safe because it is nonisolated global shared mutable state}}
// expected-note@-2 {{convert 'requestsInFlight' to a 'let' constant to make 'Sendable' shared state immutable}}
// expected-note@-3 {{add '@MainActor' to make var 'requestsInFlight' part of global actor 'MainActor'}}
// expected-note@-4 {{disable concurrency-safety checks if accesses are protected by an external synchronization mechanism}}
