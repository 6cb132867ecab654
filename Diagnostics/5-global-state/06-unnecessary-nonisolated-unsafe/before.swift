// Check: swift6 rejects
struct Limits {
    nonisolated(unsafe) static let maxUploads = 4
    // expected-warning@-1 {{'nonisolated(unsafe)' is unnecessary for a constant with 'Sendable' type 'Int', consider removing it}}
}
