#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// ANSI styling, with `compare`'s rules: only on a terminal, never with `NO_COLOR` or `TERM=dumb`.
///
/// A copy of CompareKit's small internal `Style`, so that ScanKit does not depend on CompareKit.
struct Style: Sendable {
    let enabled: Bool

    /// Colour when standard output is a terminal, `NO_COLOR` is unset or empty and `TERM` is not
    /// `dumb`.
    static func forStandardOutput(environment: [String: String]) -> Style {
        let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        return Style(enabled: isatty(STDOUT_FILENO) == 1 && !noColor && environment["TERM"] != "dumb")
    }

    func bold(_ text: String) -> String { wrap(text, "1") }
    func dim(_ text: String) -> String { wrap(text, "2") }
    func green(_ text: String) -> String { wrap(text, "32") }
    func red(_ text: String) -> String { wrap(text, "31") }
    func yellow(_ text: String) -> String { wrap(text, "33") }

    private func wrap(_ text: String, _ code: String) -> String {
        enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
