// Rule: the closures of `DispatchGroup.notify`, `DispatchWorkItem(block:)` and a dispatch
//   source's `setEventHandler` are not `@Sendable`, so written in `@MainActor` code they are
//   inferred `@MainActor`: they compile, and when Dispatch runs one off the main thread it
//   traps (on Linux in libdispatch's `_dispatch_assert_queue_fail`, checking the main queue).
// Source: the closure types in `Dispatch`'s interface (no `@Sendable`);
//   [SE-0423, "Dynamic actor isolation enforcement"](https://github.com/swiftlang/swift-evolution/blob/main/proposals/0423-dynamic-actor-isolation.md)
// Recipes: callback-isolation-trap, isolation-inference-trap, when-not-to-migrate
// Check: swift6 traps notify
// ! _dispatch_assert_queue_fail
// Check: swift6 traps work-item
// ! _dispatch_assert_queue_fail
// Check: swift6 traps event-handler
// ! _dispatch_assert_queue_fail
// Check: app-target traps notify
// ! _dispatch_assert_queue_fail
import Dispatch

@MainActor final class Model {
    var count = 0

    func afterGroup(_ group: DispatchGroup) {
        group.notify(queue: .global()) { self.count += 1 }
    }

    func workItem() -> DispatchWorkItem {
        DispatchWorkItem { self.count += 1 }
    }

    func source() -> DispatchSourceUserDataAdd {
        let source = DispatchSource.makeUserDataAddSource(queue: .global())
        source.setEventHandler { self.count += 1 }
        source.activate()
        return source
    }
}

@main struct Main {
    @MainActor static func main() async {
        let model = Model()
        let source = model.source()
        switch CommandLine.arguments.last {
        case "notify": model.afterGroup(DispatchGroup())
        case "work-item": DispatchQueue.global().async(execute: model.workItem())
        default: source.add(data: 1)
        }
        // Wait for ever: the closure traps first.
        await withCheckedContinuation { (_: CheckedContinuation<Void, Never>) in }
        source.cancel()
    }
}
