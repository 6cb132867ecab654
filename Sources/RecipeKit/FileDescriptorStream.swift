#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Unbuffered text output to a file descriptor.
///
/// `print` goes through a buffered `stdout`, which Swift 6 treats as shared mutable state and
/// which loses its contents when a process traps.
public struct FileDescriptorStream: TextOutputStream, Sendable {
    public let descriptor: Int32

    public static let standardOutput = FileDescriptorStream(descriptor: STDOUT_FILENO)
    public static let standardError = FileDescriptorStream(descriptor: STDERR_FILENO)

    public func write(_ string: String) {
        var bytes = Array(string.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { systemWrite(descriptor, $0.baseAddress, $0.count) }
            if written <= 0 { return }
            bytes = bytes.dropFirst(written)
        }
    }
}

/// `write(2)`, named apart so that the stream's own `write` does not shadow it.
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}
