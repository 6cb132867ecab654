import Foundation

/// Deep synchronous recursion from async code: a task has no stack-size knob,
/// so the recursion runs on a dedicated thread that has one, or stops being
/// recursion.
///
/// A task runs on whichever pool thread is free, and its synchronous calls
/// use that thread's stack, whose size the runtime chose; neither `Task` nor
/// `TaskGroup` takes a stack size. Recursion deeper than the pool's stack
/// crashes the process (SIGSEGV), however many tasks there are. So either
/// keep a dedicated `Thread` with `stackSize` set, bridged with a
/// continuation that the thread resumes as its last act, or rewrite the
/// algorithm with an explicit stack on the heap; that one runs in any task.
public nonisolated enum DeepRecursion {
    /// The nesting depth of balanced brackets, `"(())"` → 2: one call per
    /// level, so the depth of the input is the depth of the recursion.
    public static func nestingDepth(of text: [UInt8]) -> Int {
        var index = 0
        return text.withUnsafeBufferPointer { parseGroups($0, &index) }
    }

    private static func parseGroups(
        _ text: UnsafeBufferPointer<UInt8>, _ index: inout Int
    ) -> Int {
        var deepest = 0
        while index < text.count, text[index] == UInt8(ascii: "(") {
            index += 1
            deepest = max(deepest, 1 + parseGroups(text, &index))
            index += 1  // the closing ")"
        }
        return deepest
    }

    /// Runs `body` on a new thread with a stack of `stackSize` bytes, and
    /// suspends (no thread waits) until it has returned.
    public static func onDedicatedThread<T: Sendable>(
        stackSize: Int, _ body: @escaping @Sendable () -> T
    ) async -> T {
        await withCheckedContinuation { continuation in
            let thread = Thread {
                continuation.resume(returning: body())  // its last act
            }
            thread.stackSize = stackSize  // before start()
            thread.start()
        }
    }
}

// MARK: - Or no deep recursion: an explicit stack, in any task

nonisolated extension DeepRecursion {
    /// The same depth without recursion: the parser's stack of open groups
    /// lives on the heap (here it is only its height), so a pool thread's
    /// stack is enough, however deep the input.
    @concurrent
    public static func nestingDepthIteratively(of text: [UInt8]) async -> Int {
        var open = 0
        var deepest = 0
        for byte in text {
            if byte == UInt8(ascii: "(") {
                open += 1
                deepest = max(deepest, open)
            } else if byte == UInt8(ascii: ")") {
                open -= 1
            }
        }
        return deepest
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

nonisolated extension DeepRecursion {
    /// `depth` opening brackets, then as many closing ones.
    public static func nested(depth: Int) -> [UInt8] {
        [UInt8](repeating: UInt8(ascii: "("), count: depth)
            + [UInt8](repeating: UInt8(ascii: ")"), count: depth)
    }

    /// Parses `depth`-deep input on a dedicated thread with a `stackSize`
    /// stack.
    @discardableResult
    public static func runOnDedicatedThread(
        depth: Int, stackSize: Int, log: @escaping @Sendable (String) -> Void
    ) async -> Int {
        log("parsing \(depth)-deep input on a \(stackSize >> 10) KiB stack")
        let text = nested(depth: depth)
        let (parsed, readBack) = await onDedicatedThread(stackSize: stackSize) {
            (nestingDepth(of: text), Thread.current.stackSize)
        }
        log("depth = \(parsed)")
        log("stack size read back: \(readBack >> 10) KiB")
        return parsed
    }

    /// Parses `depth`-deep input iteratively, in a task.
    @discardableResult
    public static func runIteratively(
        depth: Int, log: @escaping @Sendable (String) -> Void
    ) async -> Int {
        log("parsing \(depth)-deep input in a task, without recursion")
        let parsed = await nestingDepthIteratively(of: nested(depth: depth))
        log("depth = \(parsed)")
        return parsed
    }

    /// What not to do: the recursive parser, called in a task. Deep enough
    /// input overflows the pool thread's stack, and the process dies.
    @concurrent
    public static func runRecursivelyInATask(
        depth: Int, log: @escaping @Sendable (String) -> Void
    ) async {
        log("parsing \(depth)-deep input recursively, in a task")
        log("depth = \(nestingDepth(of: nested(depth: depth)))")
    }
}
