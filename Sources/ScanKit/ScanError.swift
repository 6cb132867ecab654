/// A usage error: `scan` was asked for something it cannot do, and exits with 64.
public struct ScanError: Error, Sendable, Equatable, CustomStringConvertible {
    public let description: String

    public init(_ description: String) { self.description = description }
}
