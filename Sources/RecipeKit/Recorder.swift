/// A thread-safe, append-only transcript of what a recipe did.
///
/// Recipes write here where the classic code would `print` or update the UI. Both sides of a
/// recipe get their own recorder, and the parity rules compare what the two recorded: the lines
/// in the order they arrived, and named values (a final count, a min and max) for invariants.
/// A recorder can also echo each line to a file descriptor at once, unbuffered, which is how a
/// child process that traps still hands over everything it logged before the trap.
public final class Recorder: Sendable {
    private struct State {
        var lines: [String] = []
        var values: [String: String] = [:]
    }

    private let state = Locked(State())
    private let echoDescriptor: Int32?

    /// Creates an empty recorder; `echo` names a file descriptor that receives each line as well.
    public init(echo descriptor: Int32? = nil) {
        self.echoDescriptor = descriptor
    }

    /// Appends one line to the transcript.
    public func log(_ line: String) {
        state.withLock { $0.lines.append(line) }
        if let echoDescriptor { Self.write(line + "\n", to: echoDescriptor) }
    }

    /// Records a named value that an `invariant` parity rule compares.
    public func set(_ key: String, _ value: some CustomStringConvertible) {
        state.withLock { $0.values[key] = value.description }
    }

    /// The lines logged so far, in arrival order.
    public var lines: [String] { state.withLock { $0.lines } }

    /// The named values recorded so far.
    public var values: [String: String] { state.withLock { $0.values } }

    /// The recorder as the `@Sendable (String) -> Void` that recipe files take.
    public var logger: @Sendable (String) -> Void { { [self] line in log(line) } }

    private static func write(_ text: String, to descriptor: Int32) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { buffer in
                systemWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if written <= 0 { return }
            offset += written
        }
    }
}
