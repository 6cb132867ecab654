/// How a recipe's guide page shows what its scenarios printed.
public enum OutputLayout: Sendable, Equatable {
    /// A block of lines per scenario (one per side where the sides differ).
    case blocks
    /// One table, a row per scenario with each side's line: for a recipe that runs one workload
    /// several ways (a scenario per pair of locks) and logs one summary line per side. If any
    /// scenario logs more than one line on a side, or runs in a child process, the page shows
    /// blocks instead.
    case table
}
