/// Wait for a batch with a task group: there is no closure to mis-isolate.
///
/// `await withTaskGroup` suspends the main-actor caller until the children are
/// done, and the code after it runs back on the main actor. The children say
/// where they run: `addTask` does not inherit the caller's actor, so the
/// children run on the global executor, nothing is isolated by inference, and
/// nothing is checked at run time that the compiler has not checked already.
@MainActor
public final class ReloadController {
    private let log: @Sendable (String) -> Void

    public init(log: @escaping @Sendable (String) -> Void) {
        self.log = log
    }

    /// Loads three pages, then says so from the main actor.
    public func reload() async {
        log("loading 3 pages")
        let loaded = await withTaskGroup(of: Int.self) { group in
            for page in 1...3 {
                group.addTask { page }
            }
            var loaded = 0
            for await _ in group { loaded += 1 }
            return loaded
        }
        log("\(loaded) pages loaded")
        log("group done")
    }
}

// MARK: - Fixed: a `@Sendable` closure

// Nothing to fix: `addTask`'s closure does not inherit the main actor, and the
// code after the group takes the place of the completion handler.

// MARK: - Fixed: the Dispatch code in a nonisolated function

// Nothing to move: an `async` function on the main actor suspends while the
// children run, so there is no queue for its closures to be sent to.
