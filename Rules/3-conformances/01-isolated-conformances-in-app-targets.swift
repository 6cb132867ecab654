// Rule: a `@MainActor` type's conformance to a nonisolated protocol (a delegate, `Equatable`)
//   is rejected in the Swift 6 language mode when a main-actor method is the witness; with
//   `InferIsolatedConformances` (on in Xcode 26 app targets) the same code compiles as an
//   isolated conformance, usable only on the main actor.
// Source: [SE-0470, "Global-actor isolated conformances"](https://github.com/swiftlang/swift-evolution/blob/main/proposals/0470-isolated-conformances.md)
// Recipes: delegate-conformance-isolation
// Check: swift6 rejects
// Check: app-target compiles
protocol TransferDelegate: AnyObject {
    func transferDidFinish(bytes: Int)
}

@MainActor final class TransferModel: TransferDelegate { // expected-error {{conformance of 'TransferModel' to protocol 'TransferDelegate' crosses into main actor-isolated code and can cause data races}} expected-note {{turn data races into runtime errors with '@preconcurrency'}} expected-note {{isolate this conformance to the main actor with '@MainActor'}} expected-note {{mark all declarations used in the conformance 'nonisolated'}}
    var received = 0
    func transferDidFinish(bytes: Int) { // expected-note {{main actor-isolated instance method 'transferDidFinish(bytes:)' cannot satisfy nonisolated requirement}}
        received += bytes
    }
}
