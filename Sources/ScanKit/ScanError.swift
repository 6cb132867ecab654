/// A usage error: `scan` was asked for something it cannot do, and exits with 64.
///
/// Only what makes the whole scan meaningless is an error (a path that does not exist); a file
/// that cannot be read is reported as skipped and the scan goes on.
public struct ScanError: Error, Sendable, Equatable, CustomStringConvertible {
    public let description: String

    public init(_ description: String) { self.description = description }
}
