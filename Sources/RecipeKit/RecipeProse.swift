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
    public static let annotationsHeading = "Swift 6 annotations the legacy side needed"
    public static let errataHeading = "Where the original texts are wrong"
    public static let appTargetHeading = "In an app target"

    /// The headings an article may have, in the order it has them.
    public static let headings = [
        problemHeading, changesHeading, differencesHeading, pitfallsHeading, platformNotesHeading,
        annotationsHeading, errataHeading, appTargetHeading,
    ]

    public var problem: String
    public var changes: [String]
    public var differences: [String]
    public var pitfalls: [String]
    public var platformNotes: [String]
    public var annotations: [String]
    public var errata: [String]
    public var appTargetNote: String?
    /// What the article got wrong (see `Article.problems`), plus a missing problem statement.
    public var problems: [String]

    public init(
        problem: String, changes: [String] = [], differences: [String] = [], pitfalls: [String] = [],
        platformNotes: [String] = [], annotations: [String] = [], errata: [String] = [], appTargetNote: String? = nil
    ) {
        self.problem = problem
        self.changes = changes
        self.differences = differences
        self.pitfalls = pitfalls
        self.platformNotes = platformNotes
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
            annotations: article.bullets(Self.annotationsHeading), errata: article.bullets(Self.errataHeading),
            appTargetNote: article.paragraph(Self.appTargetHeading))
        problems = article.problems + (problem.isEmpty ? ["no '## \(Self.problemHeading)'"] : [])
    }

    /// The article's Markdown.
    public var markdown: String {
        Article.markdown(
            [
                (Self.problemHeading, .paragraph(problem)), (Self.changesHeading, .bullets(changes)),
                (Self.differencesHeading, .bullets(differences)), (Self.pitfallsHeading, .bullets(pitfalls)),
                (Self.platformNotesHeading, .bullets(platformNotes)), (Self.annotationsHeading, .bullets(annotations)),
                (Self.errataHeading, .bullets(errata)),
            ] + (appTargetNote.map { [(Self.appTargetHeading, .paragraph($0))] } ?? []))
    }
}
