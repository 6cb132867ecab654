// Rule: a `@preconcurrency` conformance to a protocol from a module that predates strict
//   concurrency (an SDK in the Swift 5 mode) compiles where a main-actor witness meets a
//   nonisolated requirement, and checks at run time: the SDK calling the witness off the main
//   actor traps instead of racing. Written against a protocol of the same Swift 6 module,
//   `@preconcurrency` has no effect (a warning).
// Source: [SE-0423, "Dynamic actor isolation enforcement from non-strict-concurrency contexts"](https://github.com/swiftlang/swift-evolution/blob/main/proposals/0423-dynamic-actor-isolation.md)
// Recipes: delegate-conformance-isolation, callback-isolation-trap
// Uses: FakeSDK
// Check: swift6 traps
// ! _dispatch_assert_queue_fail
// Check: app-target traps
// ! _dispatch_assert_queue_fail
import FakeSDK

@MainActor final class DownloadModel: @preconcurrency SessionDelegate {
    var received = 0
    func sessionDidFinish(bytes: Int) { received += bytes }
}

@main struct Main {
    static func main() async {
        let model = DownloadModel()
        let session = Session()
        session.delegate = model
        await withCheckedContinuation { done in session.finish(bytes: 10) { done.resume() } }
    }
}
