// Rule: a plain `deinit` of a `@MainActor` class compiles in the Swift 6 language mode and may
//   use the object's stored properties (a `Task` handle to cancel); it runs on whichever thread
//   releases the object and cannot call main-actor methods. `isolated deinit` (iOS 18.4,
//   macOS 15.4) is needed only for that.
// Source: [SE-0371, "Isolated synchronous deinit"](https://github.com/swiftlang/swift-evolution/blob/main/proposals/0371-isolated-synchronous-deinit.md)
// Recipes: debounce, swiftui-task-lifetime
// Check: swift6 rejects
// Check: app-target rejects
@MainActor final class Debouncer {
    var pending: Task<Void, Never>?

    func stop() { pending?.cancel() }
    // expected-note@-1 {{calls to instance method 'stop()' from outside of its actor context are implicitly asynchronous}}

    deinit {
        pending?.cancel()
        stop()
        // expected-error@-1 {{call to main actor-isolated instance method 'stop()' in a synchronous nonisolated context}}
    }
}
