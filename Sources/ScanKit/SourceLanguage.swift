/// The two spellings `scan` reads: Swift, and Objective-C or C (`.m`, `.mm`, `.h`, `.c`).
///
/// The language decides how comments and strings are blanked (nested comments and raw strings in
/// Swift; character literals and `@"…"` in Objective-C) and which patterns of a shape apply.
public enum SourceLanguage: String, Sendable, Codable {
    case swift
    case objc

    /// The language of a file with this name, or nil when `scan` does not read it.
    public init?(fileName: String) {
        guard let dot = fileName.lastIndex(of: ".") else { return nil }
        switch fileName[fileName.index(after: dot)...] {
        case "swift": self = .swift
        case "m", "mm", "h", "c": self = .objc
        default: return nil
        }
    }
}
