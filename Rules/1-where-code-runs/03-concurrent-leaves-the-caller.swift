// Rule: a `@concurrent` async function runs on the global concurrent executor, off its
//   caller's actor, even when the main actor calls it.
// Source: [SE-0461, "`@concurrent`"](https://github.com/swiftlang/swift-evolution/blob/main/proposals/0461-async-function-isolation.md)
// Recipes: where-does-it-run, background-then-main
// Check: swift6 prints
// > @concurrent from the main actor: main queue false, isolation nil
// Check: app-target prints
// > @concurrent from the main actor: main queue false, isolation nil
import Dispatch

nonisolated let mainQueue = DispatchSpecificKey<Bool>()
nonisolated func onMainQueue() -> Bool { DispatchQueue.getSpecific(key: mainQueue) == true }
nonisolated func name(_ isolation: (any Actor)?) -> String { isolation.map { "\(type(of: $0))" } ?? "nil" }

@concurrent func crunch() async -> String {
    "main queue \(onMainQueue()), isolation \(name(#isolation))"
}

@main struct Main {
    @MainActor static func main() async {
        DispatchQueue.main.setSpecific(key: mainQueue, value: true)
        print("@concurrent from the main actor: \(await crunch())")
    }
}
