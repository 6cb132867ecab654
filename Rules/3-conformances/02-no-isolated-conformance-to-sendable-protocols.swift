// Rule: a protocol that refines `Sendable` (as `URLSessionDelegate` does) cannot have an
//   isolated conformance. A `@MainActor` type's plain conformance is the "crosses into main
//   actor-isolated code" error in an Xcode 26 app target too, and `@MainActor` on the
//   conformance is rejected; an unannotated type conforming to it in its declaration is not
//   inferred `@MainActor` there, so it must be `Sendable` itself (a `var` is an error). Only
//   `nonisolated` witnesses, or a `@preconcurrency` conformance, remain.
// Source: [SE-0470, "Global-actor isolated conformances"](https://github.com/swiftlang/swift-evolution/blob/main/proposals/0470-isolated-conformances.md);
//   [SE-0466, "Control default actor isolation inference", as amended in 2025](https://github.com/swiftlang/swift-evolution/blob/main/proposals/0466-control-default-actor-isolation.md);
//   `URLSessionDelegate` is declared `protocol URLSessionDelegate : NSObjectProtocol, Sendable`
//   ([Apple's documentation](https://developer.apple.com/documentation/foundation/urlsessiondelegate))
// Recipes: delegate-conformance-isolation
// Check: app-target rejects
nonisolated protocol SessionDelegate: AnyObject, Sendable {
    func didReceive(bytes: Int)
}

@MainActor final class ProgressModel: SessionDelegate {
    // expected-error@-1 {{conformance of 'ProgressModel' to protocol 'SessionDelegate' crosses into main actor-isolated code and can cause data races}}
    // expected-note@-2 {{turn data races into runtime errors with '@preconcurrency'}}
    // expected-note@-3 {{mark all declarations used in the conformance 'nonisolated'}}
    // expected-note@-4 {{isolate this conformance to the main actor with '@MainActor'}}
    func didReceive(bytes: Int) {}
    // expected-note@-1 {{main actor-isolated instance method 'didReceive(bytes:)' cannot satisfy nonisolated requirement}}
}

@MainActor final class Uploader: @MainActor SessionDelegate {
    // expected-error@-1 {{cannot form main actor-isolated conformance of 'Uploader' to SendableMetatype-inheriting protocol 'SessionDelegate'}}
    func didReceive(bytes: Int) {}
}

final class Downloader: SessionDelegate {
    var received = 0
    // expected-error@-1 {{stored property 'received' of 'Sendable'-conforming class 'Downloader' is mutable}}
    func didReceive(bytes: Int) {}
}
