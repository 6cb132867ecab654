/// Follows the calls of a completion handler (`completion(…)`, `handler?(…)`) through the blocks
/// of a function or closure body, for a second call on a path that already made one:
///
/// ```swift
/// if let error { completion(.failure(error)) }   // no `return`: the path goes on
/// guard let data else { completion(.failure(.empty)); return }   // a second call
/// ```
///
/// An `if` that calls and doesn't return leaves "called" on the block around it (once its `else`
/// branches are read); `return`, `throw`, `case` and `default` end a path. A closure's body is a
/// path of its own: a call in it happens later, not on the caller's path. Each body reports its
/// first second call only. Calls count per handler name: `sourceHandler?(…)` then `handler?(…)` are
/// two handlers called once each (an image SDK's prefetcher calls both, and was reported).
struct CompletionTracker {
    private struct Block {
        let statement: Bool
        /// The handlers (their names' hashes) called on this path.
        var called: [UInt64] = []
        var exited = false
        var reported = false
    }

    private var blocks: [Block] = []
    /// A statement block that called and didn't exit has closed: its call counts for the block at
    /// this depth (the one around it) once its `if … else` or `do … catch` chain ends.
    private var pendingBranch: (depth: Int, called: [UInt64])?
    /// `else` or `catch` was read: the branch's `{` (after an `if` condition, a `catch` pattern)
    /// is still to come, and the chain goes on.
    private var afterElse = false

    mutating func open(statement: Bool) {
        afterElse = false
        blocks.append(Block(statement: statement))
    }

    mutating func close() {
        guard let block = blocks.popLast() else { return }
        if block.statement, !block.called.isEmpty, !block.exited { pendingBranch = (blocks.count, block.called) }
    }

    /// Every token, before it is read: a branch's call counts once its `if … else` (or
    /// `do … catch`) chain ends, not in the chain's other branches.
    mutating func token(_ token: FileScanner.Token, isElse: Bool) {
        guard let (depth, called) = pendingBranch else { return }
        if isElse { afterElse = true }
        guard !afterElse, token.kind != .closeBrace, token.kind != .openBrace, blocks.count <= depth else { return }
        pendingBranch = nil
        if blocks.count == depth, depth > 0 {
            for name in called where !blocks[depth - 1].called.contains(name) { blocks[depth - 1].called.append(name) }
        }
    }

    /// An identifier that is not a member: `return` and `throw` end the path, `case` and `default`
    /// start another.
    mutating func word(_ hash: UInt64, words: UseWords) {
        guard let last = blocks.indices.last else { return }
        if words.returnWords.contains(hash) {
            blocks[last].exited = true
        } else if words.caseWords.contains(hash) {
            blocks[last].called = []
            blocks[last].exited = false
        }
    }

    /// A call of the completion handler named `name`: true when a call of it came first on this
    /// path, the first time in this body.
    mutating func call(_ name: UInt64) -> Bool {
        guard let last = blocks.indices.last else { return false }
        var index = last
        var twice = false
        while index >= 0 {
            if blocks[index].called.contains(name), !blocks[index].exited {
                twice = true
                break
            }
            if !blocks[index].statement { break }
            index -= 1
        }
        if !blocks[last].called.contains(name) { blocks[last].called.append(name) }
        guard twice else { return false }
        var body = last
        while body > 0, blocks[body].statement { body -= 1 }
        if blocks[body].reported { return false }
        blocks[body].reported = true
        return true
    }
}
