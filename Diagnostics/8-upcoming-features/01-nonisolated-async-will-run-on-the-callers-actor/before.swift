// Check: migrate rejects
/// Today a nonisolated `async` function leaves its caller's actor; with
/// `NonisolatedNonsendingByDefault` it runs on the caller's actor.
func checksum(_ bytes: [UInt8]) async -> Int {
// expected-warning@-1 {{feature 'NonisolatedNonsendingByDefault' will cause nonisolated async global function 'checksum' to run on the caller's actor; use '@concurrent' to preserve behavior}}
    bytes.reduce(0) { $0 &+ Int($1) }
}

final class BackupClient {
    func upload(_ bytes: [UInt8]) async {}
    // expected-warning@-1 {{feature 'NonisolatedNonsendingByDefault' will cause nonisolated async instance method 'upload' to run on the caller's actor; use '@concurrent' to preserve behavior}}
}

struct BackupJob {
    var run: () async -> Void
    // expected-warning@-1 {{feature 'NonisolatedNonsendingByDefault' will cause nonisolated async function type to be treated as specified to run on the caller's actor; use '@concurrent' to preserve behavior}}
}
