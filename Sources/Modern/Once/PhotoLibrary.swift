import Synchronization

/// One shared photo library: `static let shared` creates it once, and a `Mutex`
/// keeps its state safe.
///
/// Safe *initialisation* and safe *state* are separate problems. `static let`
/// solves the first, as it always did. The second is now checked by the
/// compiler: in Swift 6 with no default isolation, `static let shared` of a
/// type that isn't `Sendable` is an error (an app target's default `MainActor`
/// isolation accepts it as main-actor state instead), and the class is
/// `Sendable` only because its one stored property is a `Mutex`. No
/// `@unchecked`, and the API stays synchronous; an `actor` would do too, at the
/// price of an `await` at every call.
public nonisolated final class PhotoLibrary: Sendable {
    public struct Photo: Hashable, Sendable {
        public let id: Int
        public init(id: Int) { self.id = id }
    }

    /// The app's library, created on first use.
    public static let shared = PhotoLibrary()

    private let photos = Mutex<[Photo]>([])

    /// The app uses `shared`; tests and previews make their own.
    public init() {}

    public func add(_ photo: Photo) {
        photos.withLock { $0.append(photo) }
    }

    public var count: Int { photos.withLock { $0.count } }
}

// MARK: - Setup that awaits: an actor that keeps the one setup `Task`

/// For a shared instance whose setup must `await` (opening a database, say):
/// the first caller starts it, every caller awaits the same task and gets the
/// same instance (single flight).
///
/// A `static let` can't `await`. The actor stores the setup `Task` before its
/// first `await`, so a caller arriving while the setup runs joins it instead of
/// starting a second one.
public actor PhotoLibraryLoader {
    private let load: @Sendable () async -> PhotoLibrary
    private var loading: Task<PhotoLibrary, Never>?

    public init(load: @escaping @Sendable () async -> PhotoLibrary) {
        self.load = load
    }

    /// The library: at once if it is loaded, else when the one load finishes.
    public func library() async -> PhotoLibrary {
        if let loading { return await loading.value }
        let task = Task { [load] in await load() }
        loading = task  // stored before the first await
        return await task.value
    }
}
