import Foundation

/// Finds the package's own files, for `--code`.
enum SourceFiles {
    /// The package root, worked out from this file's path at compile time.
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // CompareKit
        .deletingLastPathComponent()  // Sources
        .deletingLastPathComponent()

    /// The text of a file below the package root, or a note saying it is missing.
    static func text(_ path: String) -> String {
        let url = packageRoot.appendingPathComponent(path)
        return (try? String(contentsOf: url, encoding: .utf8)) ?? "(\(path) not found below \(packageRoot.path))"
    }
}
