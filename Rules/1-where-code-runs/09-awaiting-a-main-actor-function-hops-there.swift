// Rule: awaiting a `@MainActor` function from code on no actor (a detached task, a
//   `@concurrent` function) runs it on the main actor: the `await` is where the compiler
//   makes the hop that GCD code wrote as `DispatchQueue.main.async`, and the caller resumes
//   off the main actor afterwards.
// Source: [SE-0316, "Global actors"](https://github.com/swiftlang/swift-evolution/blob/main/proposals/0316-global-actors.md)
// Recipes: background-then-main, main-queue-ui-update, where-does-it-run
// Check: swift6 prints
// > background work: main queue false
// > UI update: main queue true
// > after the await: main queue false
import Dispatch

nonisolated let mainQueue = DispatchSpecificKey<Bool>()
nonisolated func onMainQueue() -> Bool { DispatchQueue.getSpecific(key: mainQueue) == true }

@MainActor func show() { print("UI update: main queue \(onMainQueue())") }

@main struct Main {
    static func main() async {
        DispatchQueue.main.setSpecific(key: mainQueue, value: true)
        await Task.detached {
            print("background work: main queue \(onMainQueue())")
            await show()
            print("after the await: main queue \(onMainQueue())")
        }.value
    }
}
