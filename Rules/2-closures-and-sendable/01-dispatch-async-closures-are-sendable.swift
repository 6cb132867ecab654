// Rule: `DispatchQueue.async` and `asyncAfter` take `@Sendable` closures, so main-actor state
//   written in one sent to another queue is a compile error, not a run-time trap; the one
//   exception is `DispatchQueue.main.async`/`asyncAfter`, whose closure the compiler treats
//   as `@MainActor`.
// Source: the closure types in `Dispatch`'s interface (`execute work: @escaping @Sendable @convention(block) () -> Void`);
//   the main-queue exception in the Swift compiler's `lib/Sema/TypeCheckConcurrency.cpp`
//   ([swiftlang/swift](https://github.com/swiftlang/swift/blob/main/lib/Sema/TypeCheckConcurrency.cpp))
// Recipes: when-not-to-migrate, background-then-main, main-queue-ui-update
// Check: swift6 rejects
// Check: app-target rejects
import Dispatch

@MainActor final class Counter {
    var count = 0 // expected-note 2 {{mutation of this property is only permitted within the actor}}

    func bump() {
        DispatchQueue.global().async {
            self.count += 1 // expected-error {{main actor-isolated property 'count' can not be mutated from a Sendable closure}}
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + 1) {
            self.count += 1 // expected-error {{main actor-isolated property 'count' can not be mutated from a Sendable closure}}
        }
        DispatchQueue.main.async { self.count += 1 }
        DispatchQueue.main.asyncAfter(deadline: .now() + 1) { self.count += 1 }
    }
}
