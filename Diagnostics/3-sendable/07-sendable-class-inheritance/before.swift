// Check: swift6 rejects
class MediaItem {
    let title: String
    init(title: String) { self.title = title }
}

final class Song: MediaItem, Sendable {}
// expected-error@-1 {{'Sendable' class 'Song' cannot inherit from another class}}

class Playlist: Sendable {
// expected-error@-1 {{non-final class 'Playlist' cannot conform to the 'Sendable' protocol}}
    let name = ""
}
