import RecipeKit

extension GuideNote {
    static let expectationToConfirmation = GuideNote(
        id: "expectation-to-confirmation",
        title: "Tests: `XCTestExpectation` and `wait(for:timeout:)` → `confirmation`",
        chapter: .isolation,
        sources: [
            "swiftlang/swift-testing, *Migrating a test from XCTest*, \"Validate asynchronous behavior\"",
            "Seen in real code: test suites of migrated apps where `confirmation` passes before the callback it was meant to count arrives",
        ],
        testFiles: [
            "Tests/RecipeTests/Isolation/CallbackExpectationXCTests.swift",
            "Tests/RecipeTests/Isolation/CallbackConfirmationTests.swift",
        ],
        apis: [
            APIMapping(
                "`expectation(description:)`, `fulfill()`, `wait(for:timeout:)`",
                "`await confirmation { … }` whose body awaits the work"),
            APIMapping("`expectedFulfillmentCount`", "`confirmation(expectedCount:)`"),
            APIMapping("`isInverted`", "`confirmation(expectedCount: 0)`, after awaiting what would have called it"),
            APIMapping(
                "a callback that may come late, with a timeout", "an awaitable value raced against `Task.sleep`"),
        ],
        prose: Articles.note("expectation-to-confirmation")
    )
}
