/// Say where the cache lives: it is used off the main actor, so it is not
/// main-actor code, and an actor's state is its own.
actor ThumbnailCache {
    var images: [String: [UInt8]]
    init() { images = [:] }
}

nonisolated final class ThumbnailRenderer: Sendable {
    let cache = ThumbnailCache()
}

nonisolated func makeThumbnailCache() -> ThumbnailCache {
    ThumbnailCache()
}
