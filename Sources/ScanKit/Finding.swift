/// One use of a legacy API in a scanned file, and the recipes that show what replaces it.
///
/// It carries the recipe ids, not the recipes, so that it is a small value the reports can stream
/// and the JSON can serialise; the reports look titles and pages up by id.
public struct Finding: Sendable, Hashable, Codable {
    /// The file, as reached from the path given on the command line.
    public let path: String
    public let line: Int
    /// 1-based, in characters.
    public let column: Int
    public let language: SourceLanguage
    /// The API as the guide names it, e.g. `DispatchGroup.enter`.
    public let api: String
    /// The ids of the pages for this use of the API, the page to read first at the front: the
    /// recipes whose Legacy side shows it, and a guide note that is about it. Empty when no page
    /// covers it yet.
    public let recipes: [String]
    /// The modern counterpart, in a few words.
    public let modern: String
    /// What can go wrong here, as far as the code around the call shows: likely ones first.
    public let hazards: [Hazard]

    public init(
        path: String, line: Int, column: Int, language: SourceLanguage, api: String, recipes: [String],
        modern: String, hazards: [Hazard]
    ) {
        self.path = path
        self.line = line
        self.column = column
        self.language = language
        self.api = api
        self.recipes = recipes
        self.modern = modern
        self.hazards = hazards
    }
}
