// Rule: `withTaskGroup` does not return until every child has finished, even when its body
//   returns early: the children left are awaited, not cancelled (unless the body calls
//   `group.cancelAll()`). A body that throws out of `withThrowingTaskGroup` cancels the
//   children, then waits for them too. So a child that ignores cancellation holds the caller.
// Source: [SE-0304, "Task groups"](https://github.com/swiftlang/swift-evolution/blob/main/proposals/0304-structured-concurrency.md#task-groups)
// Recipes: connect-timeout, dispatch-group-notify, pending-replies
// Check: swift6 prints
// > the body returned fast; the group returned after: fast, slow
// > thrown out of the group after its child saw cancellation: true
import Synchronization

struct Timeout: Error {}

/// What the children record, shared with them.
final class Record: Sendable {
    let entries = Mutex<[String]>([])
    func add(_ entry: String) { entries.withLock { $0.append(entry) } }
    var all: [String] { entries.withLock { $0 } }
}

nonisolated func earlyReturn() async -> String {
    let finished = Record()
    let (gate, open) = AsyncStream.makeStream(of: Void.self)
    let first = await withTaskGroup(of: String.self) { group in
        group.addTask {
            for await _ in gate { break }  // opened by the body, once it has a result
            finished.add("slow")
            return "slow"
        }
        group.addTask {
            finished.add("fast")
            return "fast"
        }
        let first = await group.next()!
        open.yield()  // only now can the slow child finish: the body already has its result
        return first
    }
    return "the body returned \(first); the group returned after: "
        + finished.all.joined(separator: ", ")
}

nonisolated func thrownOut() async -> Bool {
    let record = Record()
    do {
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                try? await Task.sleep(for: .seconds(3600))
                record.add("cancelled \(Task.isCancelled)")
            }
            throw Timeout()
        }
    } catch {}
    return record.all == ["cancelled true"]
}

@main struct Main {
    static func main() async {
        print(await earlyReturn())
        print("thrown out of the group after its child saw cancellation: \(await thrownOut())")
    }
}
