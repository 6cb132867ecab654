import Foundation

/// One shared photo library: `static let shared` creates it once, and an
/// `NSLock` keeps its state safe.
///
/// Safe *initialisation* and safe *state* are separate problems. `static let`
/// solves the first: Swift runs a global or static initialiser once,
/// thread-safely, on first use, so Objective-C's `+sharedInstance` with
/// `dispatch_once` becomes one line, and a hundred threads reaching for it at
/// once get one instance. It does nothing for the second: every access to
/// `photos` still needs the lock. The compiler can't check a lock, hence
/// `@unchecked Sendable` and a comment naming the protection.
public final class PhotoLibrary: @unchecked Sendable {
    public struct Photo: Hashable, Sendable {
        public let id: Int
        public init(id: Int) { self.id = id }
    }

    /// The app's library, created on first use.
    public static let shared = PhotoLibrary()

    // `@unchecked Sendable`: `photos` is only read and written while holding
    // `lock`.
    private let lock = NSLock()
    private var photos: [Photo] = []

    /// The app uses `shared`; tests and previews make their own.
    public init() {}

    public func add(_ photo: Photo) {
        lock.withLock { photos.append(photo) }
    }

    public var count: Int { lock.withLock { photos.count } }
}

// MARK: - Setup that calls back: a loader with a lock and a state machine

/// For a shared instance whose setup finishes later (opening a database, say):
/// the first caller starts the setup, later callers queue their completion, and
/// all get the same instance.
///
/// A `static let` can only hold what its initialiser returns synchronously;
/// setup that calls back needs this small state machine instead.
public final class PhotoLibraryLoader: @unchecked Sendable {
    public typealias Completion = @Sendable (PhotoLibrary) -> Void

    private enum State {
        case idle
        case loading([Completion])
        case loaded(PhotoLibrary)
    }

    private let load: @Sendable (@escaping Completion) -> Void
    // `@unchecked Sendable`: `state` is only read and written while holding
    // `lock`.
    private let lock = NSLock()
    private var state = State.idle

    /// `load` builds the library and calls back, on any thread.
    public init(load: @escaping @Sendable (@escaping Completion) -> Void) {
        self.load = load
    }

    /// Calls `completion` with the library: at once if it is loaded, else when
    /// the one load finishes.
    public func library(completion: @escaping Completion) {
        lock.lock()
        switch state {
        case .loaded(let library):
            lock.unlock()
            completion(library)
        case .loading(let waiting):
            state = .loading(waiting + [completion])
            lock.unlock()
        case .idle:
            state = .loading([completion])
            lock.unlock()  // never call out while holding the lock
            load { [self] library in
                let waiting: [Completion] = lock.withLock {
                    guard case .loading(let waiting) = state else { return [] }
                    state = .loaded(library)
                    return waiting
                }
                for completion in waiting { completion(library) }
            }
        }
    }
}
