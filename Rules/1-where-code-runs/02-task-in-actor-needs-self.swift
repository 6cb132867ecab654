// Rule: `Task {}` created in an actor's method is isolated to that actor only when its closure
//   captures `self` (the isolated parameter); a closure that does not is nonisolated, and
//   `#isolation` inside it is `nil`. Only a global actor is inherited always.
// Source: [SE-0420, "Inheritance of actor isolation"](https://github.com/swiftlang/swift-evolution/blob/main/proposals/0420-inheritance-of-actor-isolation.md)
// Recipes: where-does-it-run, debugging-isolation, cancel-work-items
// Check: swift6 prints
// > without self: nil
// > with self: Cache
// Check: app-target prints
// > without self: nil
// > with self: Cache
nonisolated func name(_ isolation: (any Actor)?) -> String { isolation.map { "\(type(of: $0))" } ?? "nil" }

actor Cache {
    var entries = 0
    func withoutSelf() async -> String { await Task { name(#isolation) }.value }
    func withSelf() async -> String { await Task { _ = self.entries; return name(#isolation) }.value }
}

@main struct Main {
    static func main() async {
        let cache = Cache()
        print("without self: \(await cache.withoutSelf())")
        print("with self: \(await cache.withSelf())")
    }
}
