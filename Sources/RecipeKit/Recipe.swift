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
    /// The folder below `Sources` that holds the Legacy file: `Legacy`, or `LegacyApp` for legacy
    /// code compiled as an Xcode 26 app target compiles it (default `MainActor` isolation).
    public let legacyFolder: String
    /// The package module both files import in place of a framework an app already has (a fake
    /// SDK below `Sources/<module>`), or `nil`: the page's "To copy this recipe" line names it.
    public let sdkModule: String?
    /// The legacy APIs the recipe demonstrates, each with its modern counterpart.
    public let apis: [APIMapping]
    /// The page prose, read from the recipe's Markdown article (see `RecipeProse`) on first use.
    public var prose: RecipeProse { lazyProse.value }
    private let lazyProse: Lazy<RecipeProse>
    /// Whether the recipe is about bridging, so that its Modern file may use Dispatch or Thread
    /// and its Legacy file may use async (the lint test honours it).
    public let isBridging: Bool
    /// Other files below the Legacy file's folder a reader must copy with the Legacy file for it to
    /// compile (the page's "To copy this recipe" line names them; a test type-checks exactly this
    /// set). Prefer a file that stands alone.
    public let legacyNeeds: [String]
    /// The same for the Modern file, below `Sources/Modern`.
    public let modernNeeds: [String]
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
        legacyFolder: String = "Legacy",
        sdkModule: String? = nil,
        apis: [APIMapping],
        prose: @autoclosure @escaping @Sendable () -> RecipeProse,
        isBridging: Bool = false,
        legacyNeeds: [String] = [],
        modernNeeds: [String] = [],
        replaces: [CodeShape] = [],
        outputLayout: OutputLayout = .blocks,
        scenarios: [Scenario]
    ) {
        self.id = id
        self.title = title
        self.chapter = chapter
        self.sources = sources
        self.file = file
        self.legacyFolder = legacyFolder
        self.sdkModule = sdkModule
        self.apis = apis
        self.lazyProse = Lazy(prose)
        self.isBridging = isBridging
        self.legacyNeeds = legacyNeeds
        self.modernNeeds = modernNeeds
        self.replaces = replaces
        self.outputLayout = outputLayout
        self.scenarios = scenarios
    }

    public var problem: String { prose.problem }
    public var changes: [String] { prose.changes }
    public var pitfalls: [String] { prose.pitfalls }
    public var platformNotes: [String] { prose.platformNotes }
    public var costs: [String] { prose.costs }
    public var annotations: [String] { prose.annotations }
    public var differences: [String] { prose.differences }
    public var errata: [String] { prose.errata }
    public var appTargetNote: String? { prose.appTargetNote }

    /// The Legacy implementation, relative to the package root.
    public var legacyPath: String { "Sources/\(legacyFolder)/\(file)" }
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
