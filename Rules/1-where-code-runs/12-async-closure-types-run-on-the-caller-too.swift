// Rule: with `NonisolatedNonsendingByDefault` a plain async function *type* runs on its
//   caller's actor too: an actor that awaits a stored or passed `@Sendable (Key) async -> Value`
//   closure runs the closure's synchronous work on the actor, one call at a time, blocking its
//   other callers. Write the type `@concurrent @Sendable (Key) async -> Value` for work that
//   must leave the actor; without the feature the closure leaves it either way.
// Source: [SE-0461, "Function types"](https://github.com/swiftlang/swift-evolution/blob/main/proposals/0461-async-function-isolation.md)
// Recipes: request-coalescing, serialize-async-work, keyed-serial-execution
// Check: swift6 prints
// > plain async closure: nil
// > @concurrent async closure: nil
// Check: swift6+nonsending prints
// > plain async closure: Loader
// > @concurrent async closure: nil
// Check: app-target prints
// > plain async closure: Loader
// > @concurrent async closure: nil
nonisolated func name(_ isolation: (any Actor)?) -> String { isolation.map { "\(type(of: $0))" } ?? "nil" }

actor Loader {
    let plain: @Sendable (Int) async -> String
    let concurrent: @concurrent @Sendable (Int) async -> String

    init(
        plain: @escaping @Sendable (Int) async -> String,
        concurrent: @escaping @concurrent @Sendable (Int) async -> String
    ) {
        self.plain = plain
        self.concurrent = concurrent
    }

    func load() async -> [String] { [await plain(1), await concurrent(1)] }
}

@main struct Main {
    static func main() async {
        let loader = Loader(plain: { _ in name(#isolation) }, concurrent: { _ in name(#isolation) })
        let ran = await loader.load()
        print("plain async closure: \(ran[0])")
        print("@concurrent async closure: \(ran[1])")
    }
}
