// Rule: in an Xcode 26 app target (default `MainActor` isolation) every type, function and
//   global without an isolation of its own is `@MainActor`: calling it synchronously from
//   `nonisolated` code is an error, and code meant to run anywhere must say `nonisolated`.
//   The same file in a package (no default isolation) compiles.
// Source: [SE-0466, "Control default actor isolation inference"](https://github.com/swiftlang/swift-evolution/blob/main/proposals/0466-control-default-actor-isolation.md)
// Recipes: isolation-inference-trap, callback-isolation-trap, thread-safe-singleton
// Check: app-target rejects
// Check: swift6 compiles
struct Formatter {
    func format(_ value: Int) -> String { "\(value) items" }
    // expected-note@-1 {{calls to instance method 'format' from outside of its actor context are implicitly asynchronous}}
}

nonisolated struct PlainFormatter {
    func format(_ value: Int) -> String { "\(value) items" }
}

nonisolated func label(for value: Int) -> String {
    _ = PlainFormatter().format(value)
    return Formatter().format(value)
    // expected-error@-1 {{call to main actor-isolated instance method 'format' in a synchronous nonisolated context}}
}
