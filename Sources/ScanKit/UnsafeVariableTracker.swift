/// Follows the writes to the `nonisolated(unsafe)` variables a file declares, for the one hazard
/// such a declaration makes real: a `var` written from more than one place with no lock or queue
/// around the writes.
///
/// A `let`, a variable written in one place (a captured result, set once in a callback and read
/// after a wait), and writes inside a lock or a queue's block are not reported. A compound write
/// (`+=`) or a write in a closure makes the race likely: two callers' read-modify-writes, or a
/// callback on another thread; plain writes from two functions make it possible.
struct UnsafeVariableTracker {
    private struct Variable {
        let name: UInt64
        let finding: Int
        var contexts: Set<Int32> = []
        var likely = false
        var compound = false
    }

    private var variables: [Variable] = []

    var isEmpty: Bool { variables.isEmpty }

    mutating func declare(_ name: UInt64, finding: Int) {
        variables.append(Variable(name: name, finding: finding))
    }

    func index(of name: UInt64) -> Int? {
        variables.firstIndex { $0.name == name }
    }

    mutating func write(_ index: Int, context: Int32, closure: Bool, compound: Bool, guarded: Bool) {
        guard !guarded else { return }
        variables[index].contexts.insert(context)
        if compound || closure { variables[index].likely = true }
        if compound { variables[index].compound = true }
    }

    /// The hazard of each variable written unguarded from two places or more.
    func hazards() -> [(finding: Int, hazard: Hazard)] {
        variables.filter { $0.contexts.count >= 2 }.map { variable in
            let hazard = Hazard(
                variable.likely ? .likely : .possible,
                "data race: `nonisolated(unsafe)` turns the compiler's check off, and this variable is written "
                    + "from \(variable.contexts.count) places with no lock or queue around the writes",
                reason: variable.likely
                    ? "a read-modify-write (`+=`) or a write in a closure, and another write elsewhere"
                    : "plain writes in \(variable.contexts.count) functions; whether they can run at once isn't shown",
                page: variable.compound ? "atomic-counter" : nil)
            return (variable.finding, hazard)
        }
    }

    /// What `nonisolated(unsafe)` at `start` declares: `static`, `var`, and the name's range.
    static func declaration(in bytes: UnsafeBufferPointer<UInt8>, after start: Int) -> (
        isStatic: Bool, isVar: Bool, name: Range<Int>?
    ) {
        var index = start
        let limit = min(bytes.count, start + 200)
        while index < limit, bytes[index] != 0x29 { index += 1 }
        index += 1
        var isStatic = false
        var isVar = false
        var sawBinding = false
        while index < limit {
            let byte = bytes[index]
            guard FileScanner.Tokenizer.isIdentifierByte(byte) else {
                if byte == 0x20 || byte == 0x09 || byte == 0x0A {
                    index += 1
                    continue
                }
                return (isStatic, isVar, nil)
            }
            let wordStart = index
            while index < limit, FileScanner.Tokenizer.isIdentifierByte(bytes[index]) { index += 1 }
            let word = String(decoding: UnsafeBufferPointer(rebasing: bytes[wordStart..<index]), as: UTF8.self)
            if sawBinding { return (isStatic, isVar, wordStart..<index) }
            switch word {
            case "static", "class": isStatic = true
            case "var": isVar = true; sawBinding = true
            case "let": sawBinding = true
            default: break
            }
        }
        return (isStatic, isVar, nil)
    }
}
