// Rule: an isolated conformance (inferred in an Xcode 26 app target, or written
//   `@MainActor P`) keeps its witnesses on the main actor only in code the compiler checks. A
//   Swift protocol from a module in the Swift 5 mode, whose code stores the delegate and calls
//   it from its own queue, runs the main-actor witness there with no check: a data race, not a
//   trap. (Shown for a Swift protocol from a Swift 5 module, on Linux; an Objective-C protocol
//   reaches a Swift witness through an `@objc` thunk, which is a different case: see
//   [the `@objc` thunk rule](rule:objc-thunks-check-isolation-on-darwin).)
// Source: [SE-0470, "Global-actor isolated conformances"](https://github.com/swiftlang/swift-evolution/blob/main/proposals/0470-isolated-conformances.md)
//   (its checks are at the casts and generic uses the compiler sees)
// Recipes: delegate-conformance-isolation
// Uses: FakeSDK
// Check: app-target prints
// > witness ran: main queue false, received 10
import Dispatch
import FakeSDK

nonisolated let mainQueue = DispatchSpecificKey<Bool>()
nonisolated func onMainQueue() -> Bool { DispatchQueue.getSpecific(key: mainQueue) == true }

/// In an app target: `@MainActor`, with an inferred `@MainActor SessionDelegate` conformance.
final class DownloadModel: SessionDelegate {
    var received = 0
    func sessionDidFinish(bytes: Int) {
        received += bytes
        print("witness ran: main queue \(onMainQueue()), received \(received)")
    }
}

@main struct Main {
    static func main() async {
        DispatchQueue.main.setSpecific(key: mainQueue, value: true)
        let model = DownloadModel()
        let session = Session()
        session.delegate = model
        await withCheckedContinuation { done in
            session.finish(bytes: 10) { @Sendable in done.resume() }
        }
    }
}
