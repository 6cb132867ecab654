/// A guide note: a legacy API with nothing to run on this platform or in Swift concurrency.
///
/// Some entries of the inventory are not patterns to port but APIs to retire or to keep as they
/// are: autorelease pools, Cocoa's multithreaded mode, Multiprocessing Services. A note gets a
/// page like a recipe's (what the legacy API did, why there is nothing to run, what to do
/// instead) and a line in `compare --list`, but no scenarios and no parity check. Where there is
/// code a reader would write, it lives at `Sources/Legacy/<file>` and `Sources/Modern/<file>` like
/// a recipe's, behind `#if canImport(ObjectiveC)` when it only compiles on Apple platforms.
public struct GuideNote: Sendable, Identifiable {
    /// The kebab-case id; `compare <id>` prints the note.
    public let id: String
    public let title: String
    public let chapter: Chapter
    /// Where the note came from, cited as recipes cite their sources: public works by title and
    /// section, or the real code where the legacy shape is seen.
    public let sources: [String]
    /// The path of both code files below `Sources/Legacy` and `Sources/Modern`, or `nil` for a
    /// note that is prose only.
    public let file: String?
    /// Test files, relative to the package root, that the page shows in full: for a note about
    /// migrating tests, whose code is tests (XCTest and Swift Testing, both run by the suite).
    public let testFiles: [String]
    /// The legacy APIs the note is about, each with what to use instead.
    public let apis: [APIMapping]
    /// The note's prose, read from its Markdown article (see `NoteProse`).
    public let prose: NoteProse
    /// Whether the note's Modern code must keep a legacy API (a dispatch source with no
    /// concurrency counterpart), so that the lint test lets it.
    public let isBridging: Bool

    public init(
        id: String, title: String, chapter: Chapter, sources: [String], file: String? = nil,
        testFiles: [String] = [], apis: [APIMapping], prose: NoteProse, isBridging: Bool = false
    ) {
        self.id = id
        self.title = title
        self.chapter = chapter
        self.sources = sources
        self.file = file
        self.testFiles = testFiles
        self.apis = apis
        self.prose = prose
        self.isBridging = isBridging
    }

    public var legacy: String { prose.legacy }
    public var nothingToRun: String { prose.nothingToRun }
    public var instead: [String] { prose.instead }
    public var pitfalls: [String] { prose.pitfalls }
    public var errata: [String] { prose.errata }

    /// The legacy code, relative to the package root, if the note has code.
    public var legacyPath: String? { file.map { "Sources/Legacy/\($0)" } }
    /// The modern code, relative to the package root, if the note has code.
    public var modernPath: String? { file.map { "Sources/Modern/\($0)" } }

    /// The note's catalog entry, relative to the package root:
    /// `Sources/Catalog/<chapter folder>/<TypeName>+Note.swift`, named after its code file or, for
    /// a note without code, after its id in UpperCamelCase.
    public var entryPath: String {
        let name =
            file.map { String($0.split(separator: "/").last!.dropLast(".swift".count)) }
            ?? id.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        return "Sources/Catalog/\(chapter.folder)/\(name)+Note.swift"
    }

    /// The note as `compare <id>` prints it: plain text, Markdown markers kept.
    public var text: String {
        var lines = ["\(id) — \(title) (guide note: nothing to run)", ""]
        lines += ["What it did", legacy, "", "Why there is nothing to run", nothingToRun, "", "Instead"]
        lines += instead.map { "- " + $0 }
        if !pitfalls.isEmpty {
            lines += ["", "Pitfalls"] + pitfalls.map { "- " + $0 }
        }
        if let legacyPath, let modernPath {
            lines += ["", "Code: \(legacyPath), \(modernPath)"]
        }
        return lines.joined(separator: "\n")
    }

}
