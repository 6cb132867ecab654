/// A command line `bench` cannot run: it exits with status 64 and says why.
public struct BenchUsageError: Error, Equatable, CustomStringConvertible {
    public var description: String
}
