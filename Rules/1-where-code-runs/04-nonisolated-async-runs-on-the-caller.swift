// Rule: a plain `nonisolated async` function runs on its caller's actor when
//   `NonisolatedNonsendingByDefault` is on (new Xcode 26 app targets turn it on; this package's
//   Modern target too), and on the global concurrent executor when it is off (the Swift 6
//   language mode alone). Mark it `@concurrent` to leave the caller in both.
// Source: [SE-0461](https://github.com/swiftlang/swift-evolution/blob/main/proposals/0461-async-function-isolation.md)
// Recipes: where-does-it-run, stream-line-reader
// Check: swift6 prints
// > nonisolated async from the main actor: main queue false
// Check: swift6+nonsending prints
// > nonisolated async from the main actor: main queue true
// Check: app-target prints
// > nonisolated async from the main actor: main queue true
import Dispatch

nonisolated let mainQueue = DispatchSpecificKey<Bool>()
nonisolated func onMainQueue() -> Bool { DispatchQueue.getSpecific(key: mainQueue) == true }

nonisolated func helper() async -> Bool { onMainQueue() }

@main struct Main {
    @MainActor static func main() async {
        DispatchQueue.main.setSpecific(key: mainQueue, value: true)
        print("nonisolated async from the main actor: main queue \(await helper())")
    }
}
