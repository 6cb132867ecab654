/// Running counts over the findings of a scan, so that the summary needs no list of them.
///
/// A scan streams its findings to the report as it finds them; the tally is all it keeps, and it
/// grows with the number of distinct APIs and files with findings, not with the findings.
public struct ScanTally: Sendable {
    public private(set) var findings = 0
    public private(set) var withRecipe = 0
    public private(set) var withHazard = 0
    /// Findings per API, in order of first appearance, with the API's recipes.
    public private(set) var apis: [(api: String, count: Int, recipes: [String])] = []
    /// Findings per file, in scan order (files without findings are left out).
    public private(set) var files: [(path: String, count: Int)] = []
    private var apiIndex: [String: Int] = [:]

    public init() {}

    public mutating func add(_ finding: Finding) {
        findings += 1
        if !finding.recipes.isEmpty { withRecipe += 1 }
        if !finding.hazards.isEmpty { withHazard += 1 }
        if let index = apiIndex[finding.api] {
            apis[index].count += 1
        } else {
            apiIndex[finding.api] = apis.count
            apis.append((finding.api, 1, finding.recipes))
        }
        if let last = files.indices.last, files[last].path == finding.path {
            files[last].count += 1
        } else {
            files.append((finding.path, 1))
        }
    }
}
