/// A match in one file before it is named: where, which API (an index into `ShapeTable.apis`),
/// and the hazards the code around it makes likely.
struct RawFinding: Sendable, Equatable {
    var line: Int
    var column: Int
    var api: Int32
    var hazards: [String]
    /// The hash of the identifier that completed the match (`lock`, `unlock`, `pthread_mutex_lock`).
    var word: UInt64 = 0
    /// Superseded by a more specific match on the same expression.
    var dropped = false

    mutating func addHazard(_ hazard: String) {
        if !hazards.contains(hazard) { hazards.append(hazard) }
    }
}
