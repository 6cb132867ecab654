// Rule: the Swift 6 language mode rejects a `static var` (and a global `var`) and a
//   `static let` of a non-`Sendable` type such as a singleton class; in an Xcode 26 app target
//   both compile, as main-actor state that code off the main actor must `await`.
// Source: [SE-0412, "Strict concurrency for global variables"](https://github.com/swiftlang/swift-evolution/blob/main/proposals/0412-strict-concurrency-for-global-variables.md);
//   [SE-0466](https://github.com/swiftlang/swift-evolution/blob/main/proposals/0466-control-default-actor-isolation.md)
// Recipes: thread-safe-singleton, race-condition-counter
// Check: swift6 rejects
// Check: app-target compiles
struct Settings {
    static var retries = 3
    // expected-error@-1 {{static property 'retries' is not concurrency-safe because it is nonisolated global shared mutable state}}
    // expected-note@-2 {{convert 'retries' to a 'let' constant to make 'Sendable' shared state immutable}}
    // expected-note@-3 {{add '@MainActor' to make static property 'retries' part of global actor 'MainActor'}}
    // expected-note@-4 {{disable concurrency-safety checks if accesses are protected by an external synchronization mechanism}}
}

final class ImageCache {
    // expected-note@-1 {{class 'ImageCache' does not conform to the 'Sendable' protocol}}
    static let shared = ImageCache()
    // expected-error@-1 {{static property 'shared' is not concurrency-safe because non-'Sendable' type 'ImageCache' may have shared mutable state}}
    // expected-note@-2 {{add '@MainActor' to make static property 'shared' part of global actor 'MainActor'}}
    // expected-note@-3 {{disable concurrency-safety checks if accesses are protected by an external synchronization mechanism}}
    var images: [String: [UInt8]] = [:]
}
