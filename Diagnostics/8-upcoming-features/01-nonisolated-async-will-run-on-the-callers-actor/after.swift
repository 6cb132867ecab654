/// Say which functions must leave the caller's actor (`@concurrent`: CPU
/// work), and let the rest run where they are called.
@concurrent func checksum(_ bytes: [UInt8]) async -> Int {
    bytes.reduce(0) { $0 &+ Int($1) }
}

nonisolated final class BackupClient {
    nonisolated(nonsending) func upload(_ bytes: [UInt8]) async {}
}

struct BackupJob {
    var run: nonisolated(nonsending) () async -> Void
}
