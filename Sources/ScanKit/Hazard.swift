/// What can go wrong at a finding, how sure `scan` is, and why it thinks so.
///
/// `likely` means the file shows the danger (a `sync` in a block already on that queue, a wait in
/// main-actor code for a callback that needs the main queue); `possible` means it shows the
/// pattern, but the danger depends on what the file doesn't show, most often who calls the code
/// and on which thread.
public struct Hazard: Sendable, Hashable, Codable {
    public enum Confidence: String, Sendable, Hashable, Codable, CaseIterable {
        case likely, possible
    }

    public let confidence: Confidence
    /// The danger in a few words, without the confidence: "deadlock: `sync` onto …".
    public let danger: String
    /// What `scan` saw that makes it say so.
    public let reason: String
    /// The page that shows the fix, when the hazard names one.
    public let page: String?

    public init(_ confidence: Confidence, _ danger: String, reason: String, page: String? = nil) {
        self.confidence = confidence
        self.danger = danger
        self.reason = reason
        self.page = page
    }

    /// The hazard as reports print it: "likely deadlock: … (sync-deadlock)".
    public var message: String {
        "\(confidence.rawValue) \(danger)" + (page.map { " (\($0))" } ?? "")
    }

    /// The same danger at another confidence, for another reason.
    func with(_ confidence: Confidence, reason: String) -> Hazard {
        Hazard(confidence, danger, reason: reason, page: page)
    }
}

/// Which hazards the reports show: `--hazards all|likely|possible|none`.
public enum HazardFilter: String, Sendable, CaseIterable {
    case all, likely, possible, none

    public func keeps(_ hazard: Hazard) -> Bool {
        switch self {
        case .all: true
        case .likely: hazard.confidence == .likely
        case .possible: hazard.confidence == .possible
        case .none: false
        }
    }
}
