/// A guide note's prose: what its Markdown article holds, field by field.
public struct NoteProse: Sendable, Equatable {
    public static let legacyHeading = "What it did"
    public static let nothingToRunHeading = "Why there is nothing to run"
    public static let insteadHeading = "What to do instead"
    public static let pitfallsHeading = "Pitfalls"
    public static let errataHeading = "Where the original texts are wrong"

    /// The headings an article may have, in the order it has them.
    public static let headings = [legacyHeading, nothingToRunHeading, insteadHeading, pitfallsHeading, errataHeading]

    /// Markdown: what the legacy API did, and why apps called it.
    public var legacy: String
    /// Markdown: why there is nothing to run here, on Linux or in Swift concurrency.
    public var nothingToRun: String
    /// Markdown bullets: what to do instead.
    public var instead: [String]
    /// Markdown bullets: mistakes a migrating reader will meet.
    public var pitfalls: [String]
    /// Markdown bullets: where a text the entry cites would mislead a reader, each opening with
    /// its citation (gathered on `Guide/errata.md`).
    public var errata: [String]
    /// What the article got wrong (see `Article.problems`), plus a missing required section.
    public var problems: [String]

    public init(legacy: String, nothingToRun: String, instead: [String], pitfalls: [String] = [], errata: [String] = [])
    {
        self.legacy = legacy
        self.nothingToRun = nothingToRun
        self.instead = instead
        self.pitfalls = pitfalls
        self.errata = errata
        problems = []
    }

    /// The prose of `markdown`, an article.
    public init(markdown: String) {
        let article = Article(markdown: markdown, headings: Self.headings)
        self.init(
            legacy: article.paragraph(Self.legacyHeading) ?? "",
            nothingToRun: article.paragraph(Self.nothingToRunHeading) ?? "",
            instead: article.bullets(Self.insteadHeading), pitfalls: article.bullets(Self.pitfallsHeading),
            errata: article.bullets(Self.errataHeading))
        problems =
            article.problems + (legacy.isEmpty ? ["no '## \(Self.legacyHeading)'"] : [])
            + (nothingToRun.isEmpty ? ["no '## \(Self.nothingToRunHeading)'"] : [])
    }

    /// The article's Markdown.
    public var markdown: String {
        Article.markdown([
            (Self.legacyHeading, .paragraph(legacy)), (Self.nothingToRunHeading, .paragraph(nothingToRun)),
            (Self.insteadHeading, .bullets(instead)), (Self.pitfallsHeading, .bullets(pitfalls)),
            (Self.errataHeading, .bullets(errata)),
        ])
    }
}
