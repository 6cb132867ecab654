// Rule: `Task {}` created in code isolated to a global actor (`@MainActor`) runs on that
//   actor; `Task.detached {}` created there runs on no actor.
// Source: [SE-0304, "Unstructured tasks"](https://github.com/swiftlang/swift-evolution/blob/main/proposals/0304-structured-concurrency.md#unstructured-tasks);
//   [SE-0420](https://github.com/swiftlang/swift-evolution/blob/main/proposals/0420-inheritance-of-actor-isolation.md)
// Recipes: where-does-it-run, main-queue-ui-update
// Check: swift6 prints
// > Task {}: main queue true, isolation MainActor
// > Task.detached {}: main queue false, isolation nil
import Dispatch

let mainQueue = DispatchSpecificKey<Bool>()
func onMainQueue() -> Bool { DispatchQueue.getSpecific(key: mainQueue) == true }
func name(_ isolation: (any Actor)?) -> String { isolation.map { "\(type(of: $0))" } ?? "nil" }

@MainActor func start() async {
    await Task { print("Task {}: main queue \(onMainQueue()), isolation \(name(#isolation))") }.value
    await Task.detached {
        print("Task.detached {}: main queue \(onMainQueue()), isolation \(name(#isolation))")
    }.value
}

@main struct Main {
    static func main() async {
        DispatchQueue.main.setSpecific(key: mainQueue, value: true)
        await start()
    }
}
