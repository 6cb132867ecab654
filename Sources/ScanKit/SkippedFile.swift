/// A file `scan` reached but could not read as source, and why.
///
/// Listed in every report, so that a team sees what the counts leave out.
public struct SkippedFile: Sendable, Hashable, Codable {
    public let path: String
    /// `binary`, `unreadable: <reason>`, `not a regular file` or `directory already visited`.
    public let reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }
}
