import RecipeKit

extension Chapter {
    static let queues = Chapter(
        number: 1,
        title: "Queues & hopping",
        folder: "Queues",
        introduction: queuesIntroduction
    )
    static let timers = Chapter(
        number: 2,
        title: "Delays, timers & timeouts",
        folder: "Timers",
        introduction: timersIntroduction
    )
    static let once = Chapter(
        number: 3,
        title: "Once & singletons",
        folder: "Once",
        introduction: onceIntroduction
    )
    static let groups = Chapter(
        number: 4,
        title: "Groups & fan-out",
        folder: "Groups",
        introduction: groupsIntroduction
    )
    static let sharedState = Chapter(
        number: 5,
        title: "Shared state & synchronization",
        folder: "SharedState",
        introduction: sharedStateIntroduction
    )
    static let operations = Chapter(
        number: 6,
        title: "Operations",
        folder: "Operations",
        introduction: operationsIntroduction
    )
    static let threads = Chapter(
        number: 7,
        title: "Threads & run loops",
        folder: "Threads",
        introduction: threadsIntroduction
    )
    static let cancellation = Chapter(
        number: 8,
        title: "Cancellation",
        folder: "Cancellation",
        introduction: cancellationIntroduction
    )
    static let eventSources = Chapter(
        number: 9,
        title: "Event sources & I/O",
        folder: "EventSources",
        introduction: eventSourcesIntroduction
    )
    static let bridging = Chapter(
        number: 10,
        title: "Bridging & pitfalls",
        folder: "Bridging",
        introduction: bridgingIntroduction
    )
}
