/// `@concurrent` says "leave the caller's actor", which only a function
/// that is awaited can do.
@concurrent func resize(_ pixels: [UInt8]) async -> [UInt8] {
    pixels
}

struct Compressor {
    @concurrent func compress(_ bytes: [UInt8]) async -> [UInt8] { bytes }
}
