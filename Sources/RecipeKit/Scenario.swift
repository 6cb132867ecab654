/// One observable situation of a recipe, run on both sides and compared by its rules.
///
/// Most recipes have one scenario; some have several (success and failure paths, cancelled and
/// not cancelled, a demonstration that runs in a child process).
public struct Scenario: Sendable, Identifiable {
    /// A short name, unique within the recipe ("main", "missing file").
    public let name: String
    /// Every rule must hold for the sides to agree.
    public let rules: [ParityRule]
    public let legacy: Side
    public let modern: Side
    /// Whether a child-process side keeps the Swift crash report, whose digest is then shown after
    /// its lines (see `CrashReport`).
    public let showsCrashReport: Bool
    /// Whether each side logs its lines in one order on every run, although the rules let the two
    /// sides' lines differ (an interleaving that differs between the sides on purpose). The guide
    /// then shows them as logged instead of sorted, and the parity test checks that the order
    /// holds from run to run.
    public let fixedOrder: Bool

    public var id: String { name }

    public init(
        _ name: String = "main", rules: [ParityRule], fixedOrder: Bool = false, legacy: Side, modern: Side,
        showsCrashReport: Bool = false
    ) {
        self.name = name
        self.rules = rules
        self.fixedOrder = fixedOrder
        self.legacy = legacy
        self.modern = modern
        self.showsCrashReport = showsCrashReport
    }

    /// A scenario whose two sides run in this process.
    public init(
        _ name: String = "main",
        rules: [ParityRule],
        fixedOrder: Bool = false,
        legacy: @escaping @Sendable (RunContext) async throws -> Void,
        modern: @escaping @Sendable (RunContext) async throws -> Void
    ) {
        self.init(name, rules: rules, fixedOrder: fixedOrder, legacy: .inProcess(legacy), modern: .inProcess(modern))
    }

    /// Whether either side runs in a child process.
    public var isDemo: Bool {
        if case .childProcess = legacy { return true }
        if case .childProcess = modern { return true }
        return false
    }
}
