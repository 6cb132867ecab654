import Foundation

/// ANSI styling with the rules every command here follows: colour only on a terminal, never when
/// `NO_COLOR` is set (and not empty), never with `TERM=dumb`.
///
/// `compare` and `scan` share it, so a reader's `NO_COLOR` means the same to both.
public struct TerminalStyle: Sendable {
    public let enabled: Bool

    public init(enabled: Bool) {
        self.enabled = enabled
    }

    /// Colour when standard output is a terminal, `NO_COLOR` is unset or empty and `TERM` is not
    /// `dumb`.
    public static func forStandardOutput(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> TerminalStyle {
        let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        return TerminalStyle(enabled: isatty(STDOUT_FILENO) == 1 && !noColor && environment["TERM"] != "dumb")
    }

    public func bold(_ text: String) -> String { wrap(text, "1") }
    public func dim(_ text: String) -> String { wrap(text, "2") }
    public func green(_ text: String) -> String { wrap(text, "32") }
    public func red(_ text: String) -> String { wrap(text, "31") }
    public func yellow(_ text: String) -> String { wrap(text, "33") }

    private func wrap(_ text: String, _ code: String) -> String {
        enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
