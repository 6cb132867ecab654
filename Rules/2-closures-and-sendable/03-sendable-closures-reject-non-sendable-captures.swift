// Rule: a `@Sendable` closure (what `Task.detached`, `DispatchQueue.async` and most stored
//   completion handlers take) cannot capture a value of a non-`Sendable` type.
// Source: [SE-0302, "`@Sendable` functions"](https://github.com/swiftlang/swift-evolution/blob/main/proposals/0302-concurrent-value-and-concurrent-closures.md)
// Recipes: closure-capture-semantics, background-compute-weak-self
// Check: swift6 rejects
final class Photo { // expected-note {{class 'Photo' does not conform to the 'Sendable' protocol}}
    var title = ""
}

func rename(_ photo: Photo) {
    let save: @Sendable () -> Void = {
        photo.title = "Saved" // expected-error {{capture of 'photo' with non-Sendable type 'Photo' in a '@Sendable' closure}}
    }
    save()
}
