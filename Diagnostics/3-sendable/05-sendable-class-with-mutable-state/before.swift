// Check: swift6 rejects
/// Marked `Sendable` to silence a capture error; it was guarded by a queue.
final class DownloadStats: Sendable {
    var bytes = 0
    // expected-error@-1 {{stored property 'bytes' of 'Sendable'-conforming class 'DownloadStats' is mutable}}
    var files = 0
}
