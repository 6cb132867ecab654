// Rule: `MainActor.assumeIsolated { … }` runs its closure synchronously when the caller is
//   already on the main actor, and traps anywhere else; it has no "else hop there" branch.
// Source: [SE-0392, "`assumeIsolated`"](https://github.com/swiftlang/swift-evolution/blob/main/proposals/0392-custom-actor-executors.md)
// Recipes: main-inline-or-async, sync-deadlock, callback-isolation-trap
// Check: swift6 prints on-main
// > on the main actor: ran inline
// Check: swift6 traps off-main
// ! _dispatch_assert_queue_fail
import Dispatch

@MainActor var shown = 0

nonisolated func show() {
    MainActor.assumeIsolated { shown += 1 }
}

@main struct Main {
    static func main() async {
        if CommandLine.arguments.last == "off-main" {
            await Task.detached { show() }.value
        } else {
            await MainActor.run { show() }
            print("on the main actor: ran inline")
        }
    }
}
