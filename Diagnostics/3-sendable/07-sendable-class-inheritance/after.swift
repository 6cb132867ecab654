/// Immutable values need no class hierarchy to be shared.
protocol MediaItem: Sendable {
    var title: String { get }
}

struct Song: MediaItem {
    let title: String
}

final class Playlist: Sendable {
    let name = ""
}
