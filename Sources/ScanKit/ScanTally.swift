/// Running counts over the findings of a scan, so that the summary needs no list of them.
///
/// A scan streams its findings to the report as it finds them; the tally is all it keeps, and it
/// grows with the number of distinct APIs, pages and files with findings, not with the findings
/// (but for the first `likelyLimit` likely hazards, which the summary lists).
public struct ScanTally: Sendable {
    /// One likely hazard, where it is.
    public struct Place: Sendable, Codable, Equatable {
        public let path: String
        public let line: Int
        public let api: String
        public let hazard: String
    }

    public private(set) var findings = 0
    public private(set) var withRecipe = 0
    public private(set) var withHazard = 0
    public private(set) var withLikelyHazard = 0
    public private(set) var withPossibleHazard = 0
    /// Findings per API and pages, in order of first appearance: the findings of one API whose
    /// uses need different pages are counted apart.
    public private(set) var apis: [(api: String, count: Int, recipes: [String])] = []
    /// Findings per file, in scan order (files without findings are left out).
    public private(set) var files: [(path: String, count: Int)] = []
    /// The first likely hazards, for the summary to lead with.
    public private(set) var likely: [Place] = []
    public static let likelyLimit = 50
    private var apiIndex: [Key: Int] = [:]

    /// An API and the page its uses need first: all its findings with it name the same pages.
    private struct Key: Hashable {
        let api: String
        let first: String?
    }

    public init() {}

    public mutating func add(_ finding: Finding) {
        findings += 1
        if !finding.recipes.isEmpty { withRecipe += 1 }
        if !finding.hazards.isEmpty { withHazard += 1 }
        if let hazard = finding.hazards.first(where: { $0.confidence == .likely }) {
            withLikelyHazard += 1
            if likely.count < Self.likelyLimit {
                likely.append(Place(path: finding.path, line: finding.line, api: finding.api, hazard: hazard.message))
            }
        } else if !finding.hazards.isEmpty {
            withPossibleHazard += 1
        }
        let key = Key(api: finding.api, first: finding.recipes.first)
        if let index = apiIndex[key] {
            apis[index].count += 1
        } else {
            apiIndex[key] = apis.count
            apis.append((finding.api, 1, finding.recipes))
        }
        if let last = files.indices.last, files[last].path == finding.path {
            files[last].count += 1
        } else {
            files.append((finding.path, 1))
        }
    }
}
