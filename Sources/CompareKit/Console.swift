import RecipeKit

/// Where `compare` writes, and how: the standard streams on a terminal, or a capture in tests.
public struct Console: Sendable {
    /// A text stream that forwards to a closure.
    public struct Stream: TextOutputStream, Sendable {
        let sink: @Sendable (String) -> Void
        public func write(_ string: String) { sink(string) }
    }

    public var out: Stream
    public var err: Stream
    var style: Style
    var width: Int

    /// Standard output and error; colour only on a terminal without `NO_COLOR`.
    public static var standard: Console {
        Console(
            out: Stream { FileDescriptorStream.standardOutput.write($0) },
            err: Stream { FileDescriptorStream.standardError.write($0) },
            style: .forStandardOutput(),
            width: terminalWidth()
        )
    }

    /// A console that hands everything written to `out` and `err`, without colour, `width` wide.
    public static func capturing(
        width: Int = 100,
        out: @escaping @Sendable (String) -> Void,
        err: @escaping @Sendable (String) -> Void
    ) -> Console {
        Console(out: Stream(sink: out), err: Stream(sink: err), style: Style(enabled: false), width: width)
    }
}
