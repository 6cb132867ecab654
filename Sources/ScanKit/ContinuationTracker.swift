/// Follows the bodies of `withCheckedContinuation { c in … }` and its three siblings, for the
/// plain mistakes a reader can see without running the code: no `c.resume` anywhere in the body
/// while `c` goes nowhere else; a `return` from the body (`guard … else { return }`) before any
/// `c.resume` on its way; and two `c.resume` calls in one block with no `return` (or `case`)
/// between them.
///
/// It is deliberately syntactic: a continuation handed to another function or stored is trusted,
/// and a body whose parameter it can't name (`{ [weak self] c in`) is not followed.
struct ContinuationTracker {
    /// One continuation body being read.
    struct Body {
        /// Where the `with…Continuation` call starts.
        let line: Int
        let start: Int
        let lineStart: Int
        /// How many braces were open inside it: the body's own brace is at `depth - 1`.
        let depth: Int
        /// The parameter's hash, once read from `{ name in`.
        var name: UInt64 = 0
        var naming = true
        var resumes = 0
        var escapes = false
        /// The block of the last `resume`, and whether a `return` or `case` followed it there.
        var lastResumeBlock = -1
        var twice = false
        /// A `return` of the body itself with no `resume` before it on its path.
        var returnsWithoutResuming = false
    }

    enum Mistake { case neverResumes, returnsWithoutResuming, resumesTwice }

    private(set) var bodies: [Body] = []
    /// The serial number of each open block, for "the same block"; whether it is a statement's
    /// (`if`, `guard … else`) rather than a closure's; and whether a `resume` ran in it.
    private var blockSerials: [Int] = []
    private var blockIsStatement: [Bool] = []
    private var blockResumed: [Bool] = []
    private var nextSerial = 0
    private var nameJustRead = false
    private var escapingName: UInt64 = 0

    static let takers = WordSet(
        [
            "withCheckedContinuation", "withCheckedThrowingContinuation", "withUnsafeContinuation",
            "withUnsafeThrowingContinuation",
        ].map(ShapeTable.hash))
    static let resume = ShapeTable.hash("resume")
    static let inWord = ShapeTable.hash("in")
    static let exits = WordSet(["return", "throw", "case", "default", "fatalError"].map(ShapeTable.hash))
    static let returnWord = ShapeTable.hash("return")

    /// A `{` opens; `taker` is the word that takes the closure (`withCheckedContinuation`).
    mutating func open(taker: UInt64, statement: Bool, braces: Int, line: Int, start: Int, lineStart: Int) {
        blockSerials.append(nextSerial)
        blockIsStatement.append(statement)
        blockResumed.append(false)
        nextSerial += 1
        if Self.takers.contains(taker) {
            bodies.append(Body(line: line, start: start, lineStart: lineStart, depth: braces + 1))
        }
    }

    /// A `}` closes, leaving `braces` open; returns the mistake of a body that ends here.
    mutating func close(braces: Int) -> (body: Body, mistake: Mistake)? {
        _ = blockSerials.popLast()
        _ = blockIsStatement.popLast()
        _ = blockResumed.popLast()
        guard let body = bodies.last, body.depth > braces else { return nil }
        bodies.removeLast()
        if body.name == 0 { return nil }
        if body.twice { return (body, .resumesTwice) }
        if body.resumes == 0 && !body.escapes { return (body, .neverResumes) }
        if body.returnsWithoutResuming && !body.escapes { return (body, .returnsWithoutResuming) }
        return nil
    }

    /// Any token: a continuation's name not followed by `.` goes somewhere else.
    mutating func token(_ kind: FileScanner.Kind) {
        if nameJustRead, kind != .dot, let index = bodies.lastIndex(where: { $0.name == escapingName }) {
            bodies[index].escapes = true
        }
        if kind != .identifier { nameJustRead = false }
    }

    /// An identifier; `afterDot` and `beforeDot` say whether it is a member and of what.
    mutating func identifier(_ hash: UInt64, afterDot: Bool, beforeDot: UInt64) {
        nameJustRead = false
        guard let last = bodies.indices.last else { return }
        if bodies[last].naming {
            // `{ name in`: the first identifier, then `in`; anything else and the body isn't followed.
            if bodies[last].name == 0 {
                bodies[last].name = hash
                return
            }
            bodies[last].naming = false
            if hash != Self.inWord { bodies.removeLast() }
            return
        }
        let block = blockSerials.last ?? -1
        if !afterDot, bodies.contains(where: { $0.name == hash }) {
            nameJustRead = true
            escapingName = hash
        } else if afterDot, hash == Self.resume, let index = bodies.lastIndex(where: { $0.name == beforeDot }) {
            bodies[index].resumes += 1
            if bodies[index].lastResumeBlock == block { bodies[index].twice = true }
            bodies[index].lastResumeBlock = block
            if !blockResumed.isEmpty { blockResumed[blockResumed.count - 1] = true }
        } else if Self.exits.contains(hash) {
            if hash == Self.returnWord { returnSeen(in: last) }
            for index in bodies.indices where bodies[index].lastResumeBlock == block {
                bodies[index].lastResumeBlock = -1
            }
        }
    }

    /// `return` in the innermost body: a leak when it returns from the body itself (only statement
    /// blocks between) and no block on its way has resumed.
    private mutating func returnSeen(in body: Int) {
        let own = bodies[body].depth - 1
        guard own >= 0, own < blockSerials.count else { return }
        for index in (own + 1)..<blockSerials.count where !blockIsStatement[index] { return }
        for index in own..<blockSerials.count where blockResumed[index] { return }
        bodies[body].returnsWithoutResuming = true
    }
}
