import Foundation

/// Starts several downloads at once and calls one completion, on the main
/// queue, when all have finished, passing an error if any of them failed.
///
/// Each download enters a `DispatchGroup` before it starts and leaves it in its
/// completion, and `notify(queue: .main)` runs the completion once the count is
/// back to zero. The completions run concurrently on whatever queue the loader
/// uses, so the error they report and the photos they add are shared state:
/// both sit behind a lock. When several downloads fail, the last one to report
/// wins.
public final class BatchPhotoDownloader: @unchecked Sendable {
    /// A downloaded photo.
    public struct Photo: Sendable {
        public let url: URL
        public let data: Data
    }

    public typealias Load =
        @Sendable (URL, @escaping @Sendable (Result<Data, any Error>) -> Void)
        -> Void

    private let load: Load
    // `@unchecked Sendable`: `storedPhotos` is only read and written while
    // holding `lock`.
    private let lock = NSLock()
    private var storedPhotos: [Photo] = []

    public init(load: @escaping Load) {
        self.load = load
    }

    /// The photos downloaded so far.
    public var photos: [Photo] { lock.withLock { storedPhotos } }

    private func addPhoto(_ photo: Photo) {
        lock.withLock { storedPhotos.append(photo) }
    }
}

// MARK: - Downloading: enter, leave, notify

extension BatchPhotoDownloader {
    /// Downloads every address; `completion` runs once on the main queue after
    /// the last download finishes, with an error if any failed. The photos that
    /// did download are kept.
    public func downloadPhotos(
        from addresses: [URL],
        completion: @escaping @Sendable ((any Error)?) -> Void
    ) {
        let downloadGroup = DispatchGroup()
        let storedError = StoredDownloadError()
        DispatchQueue.concurrentPerform(iterations: addresses.count) { index in
            let url = addresses[index]
            downloadGroup.enter()
            load(url) { result in
                switch result {
                case .success(let data):
                    self.addPhoto(Photo(url: url, data: data))
                case .failure(let error):
                    storedError.set(error)
                }
                downloadGroup.leave()
            }
        }
        downloadGroup.notify(queue: .main) {
            completion(storedError.error)
        }
    }
}

// MARK: - The error the completions share, behind a lock

/// The error a batch reports; the completions of concurrent downloads write it,
/// so it is locked.
///
/// `@unchecked Sendable`: every access to `stored` holds `lock`.
final class StoredDownloadError: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: (any Error)?

    /// Keeps `error`, replacing any earlier one: the last writer wins.
    func set(_ error: any Error) {
        lock.withLock { stored = error }
    }

    var error: (any Error)? { lock.withLock { stored } }
}
