import Foundation

/// A fresh directory under the system's temporary folder, standing in for an app's Documents.
public struct TemporaryDirectory: Sendable {
    public let url: URL

    /// Creates a new, empty directory whose name starts with `prefix`.
    public init(prefix: String = "recipe") throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(prefix)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// Deletes the directory and everything in it.
    public func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}
