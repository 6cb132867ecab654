// Check: app-target rejects
/// In an app target this class is main-actor code: nothing says otherwise.
final class ThumbnailCache {
    var images: [String: [UInt8]]
    init() { images = [:] }
    // expected-note@-1 {{calls to initializer 'init()' from outside of its actor context are implicitly asynchronous}}
}

/// Rendering moved off the main actor; its cache came along.
nonisolated final class ThumbnailRenderer {
    let cache = ThumbnailCache()
    // expected-error@-1 {{main actor-isolated default value in a nonisolated context}}
}

nonisolated func makeThumbnailCache() -> ThumbnailCache {
    ThumbnailCache()
    // expected-error@-1 {{call to main actor-isolated initializer 'init()' in a synchronous nonisolated context}}
}
