import RecipeKit

extension GuideNote {
    static let combineToAsyncSequence = GuideNote(
        id: "combine-to-async-sequence",
        title: "Combine to `AsyncSequence`: subjects and operators",
        chapter: .isolation,
        sources: [
            "Seen in real code: apps that replace `PassthroughSubject`, `CurrentValueSubject` and `@Published` pipelines by hand while moving to Swift concurrency"
        ],
        apis: [
            APIMapping("`PassthroughSubject`", "an `AsyncStream` per subscriber from a broadcaster"),
            APIMapping("`CurrentValueSubject`, `@Published`", "an `@Observable` property and `Observations`"),
            APIMapping("`.sink`, `AnyCancellable`", "a `for await` loop in a task; cancel the task"),
            APIMapping(
                "`.debounce`, `.throttle`, `.receive(on:)`",
                "the timer recipes; `@MainActor` on the consumer"
            ),
        ],
        prose: Articles.note("combine-to-async-sequence")
    )
}
