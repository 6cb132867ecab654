/// One recipe: metadata, the page prose, and the scenarios that run both sides.
///
/// A recipe is registered once, in the catalog; `compare`, `guide` and the tests all read it.
/// Its two implementations live at `Sources/Legacy/<file>` and `Sources/Modern/<file>`, and its
/// behaviour tests at `Tests/RecipeTests/<file minus .swift>Tests.swift`.
public struct Recipe: Sendable, Identifiable {
    /// The kebab-case id, as typed after `swift run compare`.
    public let id: String
    public let title: String
    public let chapter: Chapter
    /// Where the recipe came from: public works by short title and section (the guide's index
    /// lists them in full), or "Seen in real code:" and where the legacy shape appears.
    public let sources: [String]
    /// The path of both implementation files below `Sources/Legacy` and `Sources/Modern`.
    public let file: String
    /// The legacy APIs the recipe demonstrates, each with its modern counterpart.
    public let apis: [APIMapping]
    /// Markdown: the problem, in a sentence or two.
    public let problem: String
    /// Markdown bullets: what changed between the sides, and why.
    public let changes: [String]
    /// Markdown bullets: mistakes a migrating reader will meet, the one that bites hardest first
    /// (the page's opening block shows it).
    public let pitfalls: [String]
    /// Markdown bullets: facts true of one platform only, each opening with **Linux** or
    /// **Darwin** (how this package's runs on Linux differ from an app's on Apple platforms).
    public let platformNotes: [String]
    /// Markdown bullets: the Swift 6 annotations the legacy side needed, and why each is sound.
    public let annotations: [String]
    /// Markdown bullets: where the two sides intentionally behave differently. Each one is
    /// asserted by a behaviour test.
    public let differences: [String]
    /// Markdown bullets: where a text the entry cites would mislead a reader (a wrong API, a race, a
    /// crash), each opening with its citation. They are gathered on one page, `Guide/errata.md`.
    public let errata: [String]
    /// Whether the recipe is about bridging, so that its Modern file may use Dispatch or Thread
    /// and its Legacy file may use async (the lint test honours it).
    public let isBridging: Bool
    /// Other files below `Sources/Legacy` a reader must copy with the Legacy file for it to
    /// compile (the page's "To copy this recipe" line names them; a test type-checks exactly this
    /// set). Prefer a file that stands alone.
    public let legacyNeeds: [String]
    /// The same for the Modern file, below `Sources/Modern`.
    public let modernNeeds: [String]
    /// Markdown, one sentence: what default `MainActor` isolation (an Xcode 26 app target) would
    /// change in the Modern pattern and what keeps it as written, for a pattern that states its
    /// isolation for that reason; the copy line shows it.
    public let appTargetNote: String?
    /// The code shapes the Legacy side shows and the Modern side replaces: `scan` names this
    /// recipe for each match in an app.
    public let replaces: [CodeShape]
    /// How the page shows what the scenarios printed: a block per scenario, or one table.
    public let outputLayout: OutputLayout
    public let scenarios: [Scenario]

    public init(
        id: String,
        title: String,
        chapter: Chapter,
        sources: [String],
        file: String,
        apis: [APIMapping],
        problem: String,
        changes: [String],
        pitfalls: [String] = [],
        platformNotes: [String] = [],
        annotations: [String] = [],
        differences: [String] = [],
        errata: [String] = [],
        isBridging: Bool = false,
        legacyNeeds: [String] = [],
        modernNeeds: [String] = [],
        appTargetNote: String? = nil,
        replaces: [CodeShape] = [],
        outputLayout: OutputLayout = .blocks,
        scenarios: [Scenario]
    ) {
        self.id = id
        self.title = title
        self.chapter = chapter
        self.sources = sources
        self.file = file
        self.apis = apis
        self.problem = problem
        self.changes = changes
        self.pitfalls = pitfalls
        self.platformNotes = platformNotes
        self.annotations = annotations
        self.differences = differences
        self.errata = errata
        self.isBridging = isBridging
        self.legacyNeeds = legacyNeeds
        self.modernNeeds = modernNeeds
        self.appTargetNote = appTargetNote
        self.replaces = replaces
        self.outputLayout = outputLayout
        self.scenarios = scenarios
    }

    /// A recipe whose page prose comes from its Markdown article (see `RecipeProse`).
    public init(
        id: String,
        title: String,
        chapter: Chapter,
        sources: [String],
        file: String,
        apis: [APIMapping],
        prose: RecipeProse,
        isBridging: Bool = false,
        legacyNeeds: [String] = [],
        modernNeeds: [String] = [],
        replaces: [CodeShape] = [],
        outputLayout: OutputLayout = .blocks,
        scenarios: [Scenario]
    ) {
        self.init(
            id: id, title: title, chapter: chapter, sources: sources, file: file, apis: apis,
            problem: prose.problem, changes: prose.changes, pitfalls: prose.pitfalls,
            platformNotes: prose.platformNotes, annotations: prose.annotations, differences: prose.differences,
            errata: prose.errata, isBridging: isBridging, legacyNeeds: legacyNeeds, modernNeeds: modernNeeds,
            appTargetNote: prose.appTargetNote, replaces: replaces, outputLayout: outputLayout, scenarios: scenarios)
    }

    /// The page prose, as its article holds it.
    public var prose: RecipeProse {
        RecipeProse(
            problem: problem, changes: changes, differences: differences, pitfalls: pitfalls,
            platformNotes: platformNotes, annotations: annotations, errata: errata, appTargetNote: appTargetNote)
    }

    /// The Legacy implementation, relative to the package root.
    public var legacyPath: String { "Sources/Legacy/\(file)" }
    /// The Modern implementation, relative to the package root.
    public var modernPath: String { "Sources/Modern/\(file)" }
    /// The behaviour tests, relative to the package root.
    public var testPath: String {
        "Tests/RecipeTests/\(file.dropLast(".swift".count))Tests.swift"
    }

    /// The scenario with this name.
    public func scenario(named name: String) -> Scenario? {
        scenarios.first { $0.name == name }
    }
}
