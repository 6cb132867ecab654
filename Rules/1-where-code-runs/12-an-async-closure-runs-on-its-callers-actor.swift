// Rule: an async closure type with no isolation of its own (`@Sendable () async -> T`, as a stored
//   loader or factory has) is `nonisolated(nonsending)` when `NonisolatedNonsendingByDefault` is
//   on: an actor that calls it runs the closure on the actor, so its synchronous work holds the
//   actor, and it leaves the actor only when the caller does not have one (the Swift 6 mode
//   alone). `@concurrent` in the closure's type runs it on the global concurrent executor in
//   every setting.
// Source: [SE-0461, "Run nonisolated async functions on the caller's actor by default"](https://github.com/swiftlang/swift-evolution/blob/main/proposals/0461-async-function-isolation.md)
// Recipes: request-coalescing, resource-pool, serialize-async-work, keyed-serial-execution
// Check: swift6 prints
// > a plain async closure called by the actor ran on: nothing
// > a @concurrent async closure called by the actor ran on: nothing
// Check: swift6+nonsending prints
// > a plain async closure called by the actor ran on: Loader
// > a @concurrent async closure called by the actor ran on: nothing
// Check: app-target prints
// > a plain async closure called by the actor ran on: Loader
// > a @concurrent async closure called by the actor ran on: nothing
nonisolated func describe(_ isolation: (any Actor)?) -> String {
    isolation.map { "\(type(of: $0))" } ?? "nothing"
}

actor Loader {
    let plain: @Sendable () async -> String
    let concurrent: @concurrent @Sendable () async -> String

    init(
        plain: @escaping @Sendable () async -> String,
        concurrent: @escaping @concurrent @Sendable () async -> String
    ) {
        self.plain = plain
        self.concurrent = concurrent
    }

    func load() async -> (String, String) { (await plain(), await concurrent()) }
}

@main struct Main {
    static func main() async {
        let loader = Loader(
            plain: { describe(#isolation) },
            concurrent: { describe(#isolation) })
        let (plain, concurrent) = await loader.load()
        print("a plain async closure called by the actor ran on: \(plain)")
        print("a @concurrent async closure called by the actor ran on: \(concurrent)")
    }
}
