/// A recipe page's prose: what its Markdown article holds, field by field.
///
/// The headings are the sections of the recipe page they become, so an article reads like the
/// page it feeds.
public struct RecipeProse: Sendable, Equatable {
    public static let problemHeading = "Problem"
    public static let changesHeading = "What changed and why"
    public static let differencesHeading = "Where the two sides differ on purpose"
    public static let pitfallsHeading = "Pitfalls"
    public static let platformNotesHeading = "Platform notes"
    public static let costHeading = "What it costs"
    public static let annotationsHeading = "Swift 6 annotations the legacy side needed"
    public static let errataHeading = "Where the original texts are wrong"
    public static let appTargetHeading = "In an app target"

    /// The headings an article may have, in the order it has them.
    public static let headings = [
        problemHeading, changesHeading, differencesHeading, pitfallsHeading, platformNotesHeading, costHeading,
        annotationsHeading, errataHeading, appTargetHeading,
    ]

    /// Markdown: the problem, in a sentence or two.
    public var problem: String
    /// Markdown bullets: what changed between the sides, and why.
    public var changes: [String]
    /// Markdown bullets: where the two sides intentionally behave differently. Each one is
    /// asserted by a behaviour test.
    public var differences: [String]
    /// Markdown bullets: mistakes a migrating reader will meet, the one that bites hardest first
    /// (the page's opening block shows it).
    public var pitfalls: [String]
    /// Markdown bullets: facts true of one platform only, each opening with **Linux** or
    /// **Darwin** (how this package's runs on Linux differ from an app's on Apple platforms).
    public var platformNotes: [String]
    /// Markdown bullets: what the modern side costs against the legacy one and why, and the faster
    /// modern variant where there is one. Required where `compare` times modern more than 1.5× slower
    /// (`Benchmarks/recipe-ratios.json`).
    public var costs: [String]
    /// Markdown bullets: the Swift 6 annotations the legacy side needed, and why each is sound.
    public var annotations: [String]
    /// Markdown bullets: where a text the entry cites would mislead a reader (a wrong API, a race, a
    /// crash), each opening with its citation. They are gathered on one page, `Guide/errata.md`.
    public var errata: [String]
    /// Markdown, one sentence: what default `MainActor` isolation (an Xcode 26 app target) would
    /// change in the Modern pattern and what keeps it as written; the copy line shows it.
    public var appTargetNote: String?
    /// What the article got wrong (see `Article.problems`), plus a missing problem statement.
    public var problems: [String]

    public init(
        problem: String, changes: [String] = [], differences: [String] = [], pitfalls: [String] = [],
        platformNotes: [String] = [], costs: [String] = [], annotations: [String] = [], errata: [String] = [],
        appTargetNote: String? = nil
    ) {
        self.problem = problem
        self.changes = changes
        self.differences = differences
        self.pitfalls = pitfalls
        self.platformNotes = platformNotes
        self.costs = costs
        self.annotations = annotations
        self.errata = errata
        self.appTargetNote = appTargetNote
        problems = []
    }

    /// The prose of `markdown`, an article.
    public init(markdown: String) {
        let article = Article(markdown: markdown, headings: Self.headings)
        self.init(
            problem: article.paragraph(Self.problemHeading) ?? "",
            changes: article.bullets(Self.changesHeading), differences: article.bullets(Self.differencesHeading),
            pitfalls: article.bullets(Self.pitfallsHeading), platformNotes: article.bullets(Self.platformNotesHeading),
            costs: article.bullets(Self.costHeading), annotations: article.bullets(Self.annotationsHeading), errata: article.bullets(Self.errataHeading),
            appTargetNote: article.paragraph(Self.appTargetHeading))
        problems = article.problems + (problem.isEmpty ? ["no '## \(Self.problemHeading)'"] : [])
    }

    /// The article's Markdown.
    public var markdown: String {
        Article.markdown(
            [
                (Self.problemHeading, .paragraph(problem)), (Self.changesHeading, .bullets(changes)),
                (Self.differencesHeading, .bullets(differences)), (Self.pitfallsHeading, .bullets(pitfalls)),
                (Self.platformNotesHeading, .bullets(platformNotes)), (Self.costHeading, .bullets(costs)),
                (Self.annotationsHeading, .bullets(annotations)),
                (Self.errataHeading, .bullets(errata)),
            ] + (appTargetNote.map { [(Self.appTargetHeading, .paragraph($0))] } ?? []))
    }
}
