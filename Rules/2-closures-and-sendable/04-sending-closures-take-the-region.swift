// Rule: `Task {}` takes its closure as `sending`: it may capture a non-`Sendable` value that the
//   caller never touches again (the value moves into the task), and it is an error for the
//   caller to use that value after the task is created.
// Source: [SE-0430, "`sending` parameter and result values"](https://github.com/swiftlang/swift-evolution/blob/main/proposals/0430-transferring-parameters-and-results.md);
//   [SE-0414, "Region based isolation"](https://github.com/swiftlang/swift-evolution/blob/main/proposals/0414-region-based-isolation.md)
// Recipes: background-then-main, closure-capture-semantics
// Check: swift6 rejects
final class Draft {
    var text = ""
}

func handOver() {
    let draft = Draft()
    Task { draft.text = "in the task" }
}

func keepUsing() {
    let draft = Draft()
    Task { // expected-error {{sending value of non-Sendable type '() async -> ()' risks causing data races}} expected-note {{Passing value of non-Sendable type '() async -> ()' as a 'sending' argument to initializer 'init(name:priority:operation:)' risks causing races in between local and caller code}}
        draft.text = "in the task"
    }
    draft.text = "still here" // expected-note {{access can happen concurrently}}
}
