import Foundation
import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let asyncTestHarness = Recipe(
        id: "async-test-harness",
        title: "Testing callback and async code",
        chapter: .bridging,
        sources: [
            "The Read-And-Learn wiki page \"iOS并发编程\", its testing links (SenTestingKitAsync, Kiwi: asynchronous testing frameworks of the time)"
        ],
        file: "Bridging/PriceFeed.swift",
        apis: [
            APIMapping(
                "XCTestExpectation, expectedFulfillmentCount, wait(for:timeout:); DispatchSemaphore.wait in a test",
                "an `async` test and Swift Testing's `confirmation(expectedCount:)`; `await fulfillment(of:timeout:)` in XCTest async tests"
            ),
            APIMapping(
                "expectedFulfillmentCount / assertForOverFulfill: counting the callbacks that signal a DispatchSemaphore",
                "`confirmation(expectedCount:)` fails on any other count; `withKnownIssue` to prove that it does"),
        ],
        problem:
            "Test code that answers later, through callbacks or `async`: wait for it reliably, check how many times each callback ran, and never hang the test run.",
        changes: [
            "Legacy tests wait: an expectation per callback, fulfilled by the callback, and a wait with a timeout. XCTest's `wait(for:timeout:)` spins the main run loop while it waits; without XCTest (this package uses Swift Testing) the same expectation is a semaphore that the driver waits on from a thread of its own, never the main thread or a pool thread. The XCTest spelling is shown as text in the Legacy file.",
            "Modern tests await: an `async` test awaits the code under test, so there is no expectation object and no timeout to tune. `confirmation(expectedCount:)` counts events inside its body and checks the count when the body returns (`PriceFeedTests.confirmationCountsOnePricePerItem`).",
            "Both check the count, not just arrival: the feed's bug (a cached item reported twice) fails the legacy expectation's count and Swift Testing's confirmation alike. The self-test `PriceFeedTests.doubleCallbackFailsTheConfirmationCount` wraps the confirmation in `withKnownIssue` and matches the `confirmationMiscounted(actual: 3, …)` issue; `withKnownIssue` itself fails the test if that issue is *not* recorded, so the check is proven to fire.",
            "The callback API becomes an `AsyncStream` whose end says \"no more calls\", so the test's body can await all of them; a callback API with a final completion handler gets the same from a continuation resumed in that handler.",
        ],
        pitfalls: [
            "`confirmation` does not wait. A body that starts a callback API and returns is checked at once, with a count of 0 (`PriceFeedTests.confirmationDoesNotWaitForCallbacks`): the body must await the end of the work.",
            "Waiting on a semaphore on the main thread for a callback delivered on the main queue deadlocks; a semaphore wait inside an `async` test blocks one of the cooperative pool's few threads and can starve the very task that would signal it (`semaphore-in-async-starvation`).",
            "Wrapping a callback that may be called twice in `withCheckedContinuation` traps on the second resume (\"tried to resume its continuation more than once\"); count such callbacks with `confirmation`, or bridge them to a stream.",
            "Swift Testing runs tests in parallel by default: mark suites that depend on timing or shared state `.serialized`. Its `.timeLimit` is at least one minute; per-call timeouts stay in the code under test.",
        ],
        platformNotes: [
            "**Linux**: under Swift Testing, `Thread.isMainThread` is `false` even on the main actor (`main-thread-check`): assert isolation in tests, not the thread.",
        ],
        annotations: [
            "`CallbackExpectation` is `@unchecked Sendable`: its count is only touched with its `NSLock` held, and the semaphore is thread-safe.",
            "The callbacks are `@escaping @Sendable`: they run on the feed's queue.",
        ],
        differences: [
            "Both sides catch the double call: the legacy expectation counts 3 `fulfill()` calls for 2 expected, and Swift Testing's confirmation records `confirmationMiscounted` (`PriceFeedTests.legacyExpectationCountsTheExtraCall`, `PriceFeedTests.doubleCallbackFailsTheConfirmationCount`)."
        ],
        isBridging: true,
        appTargetNote: "In an app target with default `MainActor` isolation, `PriceFeed` would land on the main actor, so `prices(for:)` could be called synchronously only there and its producing task would inherit the main actor; `nonisolated` lets any test or task call it and keeps the producer off the main actor.",
        replaces: [.semaphoreSignal, .semaphore],
        scenarios: [
            Scenario(
                rules: [.exact],
                legacy: { context in
                    let feed = Legacy.PriceFeed(
                        prices: ["apple": 42, "pear": 17],
                        delay: .nanoseconds(Int(context.pace(.milliseconds(100)).nanoseconds)))
                    await onOwnThread {
                        feed.checkOnePricePerItem(["apple", "pear"], timeout: .seconds(10), log: context.log)
                    }
                },
                modern: { context in
                    let feed = Modern.PriceFeed(
                        prices: ["apple": 42, "pear": 17], delay: context.pace(.milliseconds(100)))
                    await feed.checkOnePricePerItem(["apple", "pear"], log: context.log)
                }
            ),
            Scenario(
                "callback called twice",
                rules: [.exact],
                legacy: { context in
                    let feed = Legacy.PriceFeed(
                        prices: ["apple": 42, "pear": 17], cached: ["apple": 40],
                        delay: .nanoseconds(Int(context.pace(.milliseconds(100)).nanoseconds)))
                    await onOwnThread {
                        feed.checkOnePricePerItem(["apple", "pear"], timeout: .seconds(10), log: context.log)
                    }
                },
                modern: { context in
                    let feed = Modern.PriceFeed(
                        prices: ["apple": 42, "pear": 17], cached: ["apple": 40],
                        delay: context.pace(.milliseconds(100)))
                    await feed.checkOnePricePerItem(["apple", "pear"], log: context.log)
                }
            ),
        ]
    )
}

extension Duration {
    /// The whole duration in nanoseconds.
    fileprivate var nanoseconds: Int64 {
        components.seconds * 1_000_000_000 + components.attoseconds / 1_000_000_000
    }
}
