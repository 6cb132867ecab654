/// A match in one file before it is named: where, which API (an index into `ShapeTable.apis`),
/// the hazards the code around it makes likely or possible, and what `UseRules` needs to read the
/// use.
struct RawFinding: Sendable, Equatable {
    var line: Int
    var column: Int
    var api: Int32
    var hazards: [Hazard]
    /// The hash of the identifier that completed the match (`lock`, `unlock`, `pthread_mutex_lock`).
    var word: UInt64 = 0
    /// Superseded by a more specific match on the same expression, or folded into another finding.
    var dropped = false
    /// The page this use of the API is about, when the code around it says (`UseRules`); it goes
    /// before the API's own recipes.
    var lead: String?
    /// What the call is on (a variable's name, or the chain's words so far), or, for a call that
    /// makes a queue, a semaphore or a source, the name the statement assigns it to; 0 if unknown.
    var receiver: UInt64 = 0
    /// The outermost function or method the finding is in, numbered per file; -1 outside any.
    var function: Int32 = -1
    /// In a `for`, `while` or `repeat` body.
    var inLoop = false
    /// A wait that asks for no wait at all (`wait(timeout: .now())`).
    var nonBlocking = false
    /// A wait with a finite timeout, or a signal sent from a block on the main queue: together a
    /// ping of the main thread (`main-thread-watchdog`).
    var timedOrOnMain = false

    mutating func addHazard(_ hazard: Hazard) {
        if !hazards.contains(where: { $0.danger == hazard.danger }) { hazards.append(hazard) }
    }
}
