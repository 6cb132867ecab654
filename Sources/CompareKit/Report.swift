import RecipeKit

/// Everything one `compare` invocation found: the stable shape behind `--json`.
///
/// Schema version 1. Fields are only ever added; a change to an existing field bumps
/// `schemaVersion`. `Documentation/compare.md` documents every field.
public struct Report: Sendable, Codable {
    public var schemaVersion = 1
    public var pace: String
    public var runs: Int
    /// True when every scenario of every recipe agrees.
    public var agrees: Bool
    public var recipes: [RecipeReport]
    /// The guide notes named on the command line, in order (absent when none was named).
    public var notes: [NoteReport]?
}

/// A guide note named on the command line: it has nothing to run, so `--json` carries its text.
public struct NoteReport: Sendable, Codable {
    public var id: String
    public var title: String
    public var chapter: RecipeReport.ChapterInfo
    public var sources: [String]
    /// The note as `compare <id>` prints it without `--json`.
    public var text: String
    /// Where its code lives, relative to the package root (absent for a note without code).
    public var legacyPath: String?
    public var modernPath: String?

    init(_ note: GuideNote) {
        id = note.id
        title = note.title
        chapter = .init(number: note.chapter.number, title: note.chapter.title)
        sources = note.sources
        text = note.text
        legacyPath = note.legacyPath
        modernPath = note.modernPath
    }
}

/// The result of running one recipe.
public struct RecipeReport: Sendable, Codable {
    public struct ChapterInfo: Sendable, Codable {
        public var number: Int
        public var title: String
    }

    public var id: String
    public var title: String
    public var chapter: ChapterInfo
    public var sources: [String]
    public var agrees: Bool
    public var scenarios: [ScenarioReport]
}

/// The result of one scenario: both outcomes, the verdict, and the timings.
public struct ScenarioReport: Sendable, Codable {
    public struct RuleInfo: Sendable, Codable {
        /// `exact`, `multiset`, `perSourceOrder`, `partialOrder`, `invariant` or `subprocessDemo`.
        public var name: String
        public var description: String
    }

    public var name: String
    public var rules: [RuleInfo]
    public var agrees: Bool
    /// Why the sides disagree (empty when they agree).
    public var problems: [String]
    public var legacy: SideReport
    public var modern: SideReport
    /// Modern median wall time divided by legacy median wall time (nil for demonstrations).
    public var modernToLegacyRatio: Double?
}

/// One side's outcome and timings. When runs disagree, the outcome is from the first that did.
public struct SideReport: Sendable, Codable {
    public var lines: [String]
    public var values: [String: String]
    /// How a demonstration's child process ended, in words (nil for in-process scenarios).
    public var demo: String?
    public var error: String?
    /// Nil for demonstrations, which run once in a child process.
    public var measurement: Measurement?

    init(_ outcome: Outcome, measurement: Measurement?) {
        lines = outcome.lines
        values = outcome.values
        demo = outcome.demo?.description
        error = outcome.error
        self.measurement = measurement
    }
}
