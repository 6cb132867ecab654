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
        prose: Articles.recipe("async-test-harness"),
        isBridging: true,
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
