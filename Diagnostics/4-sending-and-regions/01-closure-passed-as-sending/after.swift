/// A value: each task gets its own copy.
struct Thumbnail: Sendable {
    var pixels: [UInt8] = []
}

nonisolated func prepare(_ thumbnail: Thumbnail) async -> Thumbnail {
    var prepared = thumbnail
    prepared.pixels = [0, 0, 0]
    return prepared
}

@MainActor final class GalleryScreen {
    var current = Thumbnail()

    func export() async {
        let thumbnail = current
        await Task.detached {
            print(thumbnail.pixels.count)
        }.value
    }
}
