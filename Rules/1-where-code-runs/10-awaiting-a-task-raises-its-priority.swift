// Rule: awaiting a task's `value` raises that task's priority to the waiter's (priority
//   escalation); a waiter parked on a continuation, a future or a stream that the task will
//   feed raises nothing, so a high-priority caller can wait behind low-priority work, unless it
//   raises the task itself first with `task.escalatePriority(to: Task.currentPriority)` (iOS 26,
//   macOS 26), as a `sync` onto a serial queue raised the queue's quality of service to the
//   caller's (libdispatch's `src/queue.c`, `_dispatch_sync_f_slow`; Darwin, not run here).
// Source: [SE-0304, "Task priority escalation"](https://github.com/swiftlang/swift-evolution/blob/main/proposals/0304-structured-concurrency.md);
//   [SE-0462, "Task priority escalation APIs"](https://github.com/swiftlang/swift-evolution/blob/main/proposals/0462-task-priority-escalation-apis.md)
// Recipes: timeout-keep-late-result, request-coalescing, serial-queue, priority-inversion-demo
// Check: swift6 prints
// > awaited through its value: the low-priority task was raised to high
// > awaited through a continuation: the low-priority task stayed low
// > a continuation, the task raised first with escalatePriority: the low-priority task was raised to high
import Synchronization

func describe(_ priority: TaskPriority) -> String {
    switch priority {
    case .high: "high"
    case .low: "low"
    default: "\(priority.rawValue)"
    }
}

/// A waiter at high priority awaits the low-priority task's value.
func awaitedThroughValue() async -> String {
    let (escalated, escalate) = AsyncStream.makeStream(of: Void.self)
    let load = Task(priority: .low) {
        await withTaskPriorityEscalationHandler {
            // Runs on once a waiter has raised it (perhaps before the handler was installed).
            if Task.currentPriority < .high {
                for await _ in escalated { break }
            }
            return describe(Task.currentPriority)
        } onPriorityEscalated: { _, _ in
            escalate.yield()
        }
    }
    return await Task(priority: .high) { await load.value }.value
}

/// Where a waiter parks its continuation for the task that will resume it.
final class Slot: Sendable {
    private let continuation = Mutex<CheckedContinuation<String, Never>?>(nil)
    func park(_ waiter: CheckedContinuation<String, Never>) { continuation.withLock { $0 = waiter } }
    func resume(returning value: String) { continuation.withLock { $0.take() }?.resume(returning: value) }
}

/// A waiter at high priority waits for a continuation the low-priority task resumes.
func awaitedThroughAContinuation() async -> String {
    let slot = Slot()
    let (parked, park) = AsyncStream.makeStream(of: Void.self)
    let result = Task(priority: .high) {
        await withCheckedContinuation { continuation in
            slot.park(continuation)
            park.yield()
        }
    }
    for await _ in parked { break }
    Task(priority: .low) { slot.resume(returning: describe(Task.currentPriority)) }
    return await result.value
}

/// The same wait, but the waiter keeps the low-priority task and raises it before it parks.
func raisedBeforeTheWait() async -> String {
    let slot = Slot()
    let (parked, park) = AsyncStream.makeStream(of: Void.self)
    let (escalated, escalate) = AsyncStream.makeStream(of: Void.self)
    let load = Task(priority: .low) {
        await withTaskPriorityEscalationHandler {
            if Task.currentPriority < .high {
                for await _ in escalated { break }
            }
            for await _ in parked { break }
            slot.resume(returning: describe(Task.currentPriority))
        } onPriorityEscalated: { _, _ in
            escalate.yield()
        }
    }
    return await Task(priority: .high) {
        load.escalatePriority(to: Task.currentPriority)
        return await withCheckedContinuation { continuation in
            slot.park(continuation)
            park.yield()
        }
    }.value
}

@main struct Main {
    static func main() async {
        print("awaited through its value: the low-priority task was raised to \(await awaitedThroughValue())")
        print("awaited through a continuation: the low-priority task stayed \(await awaitedThroughAContinuation())")
        print(
            "a continuation, the task raised first with escalatePriority: the low-priority task was raised to "
                + (await raisedBeforeTheWait()))
    }
}
