import Foundation

/// Starts several downloads at once and returns when all have finished, or
/// throws the first error.
///
/// A throwing task group runs one child per address, and the parent collects
/// the photos as the children return. The group is the counter a
/// `DispatchGroup` kept by hand: it cannot be unbalanced, and the code after it
/// runs once, when every child is done. The first error a child throws leaves
/// the collecting loop; the group then cancels the other downloads and waits
/// for them before it rethrows. Photos are added only when the whole batch
/// succeeded, on the main actor, which owns them.
@MainActor
public final class BatchPhotoDownloader {
    /// A downloaded photo.
    public nonisolated struct Photo: Sendable {
        public let url: URL
        public let data: Data
    }

    public typealias Load = @Sendable (URL) async throws -> Data

    private let load: Load

    /// The photos downloaded so far.
    public private(set) var photos: [Photo] = []

    public init(load: @escaping Load) {
        self.load = load
    }
}

// MARK: - Downloading: a throwing task group

extension BatchPhotoDownloader {
    /// Downloads every address, concurrently; throws the first error, after
    /// cancelling the rest.
    public func downloadPhotos(from addresses: [URL]) async throws {
        let downloaded = try await withThrowingTaskGroup(
            of: Photo.self
        ) { [load] group in
            for url in addresses {
                group.addTask { Photo(url: url, data: try await load(url)) }
            }
            var downloaded: [Photo] = []
            for try await photo in group {
                downloaded.append(photo)
            }
            return downloaded
        }
        photos.append(contentsOf: downloaded)
    }
}

// MARK: - No shared error: the group throws the first one

// A child's error leaves the `for try await` loop; the group cancels and
// awaits the other children, then rethrows it. Nothing to store or lock.
