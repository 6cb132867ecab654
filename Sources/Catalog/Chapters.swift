import RecipeKit

extension Chapter {
    static let queues = Chapter(
        number: 1,
        title: "Queues & hopping",
        folder: "Queues",
        introduction: Articles.introduction("Queues")
    )
    static let timers = Chapter(
        number: 2,
        title: "Delays, timers & timeouts",
        folder: "Timers",
        introduction: Articles.introduction("Timers")
    )
    static let once = Chapter(
        number: 3,
        title: "Once & singletons",
        folder: "Once",
        introduction: Articles.introduction("Once")
    )
    static let groups = Chapter(
        number: 4,
        title: "Groups & fan-out",
        folder: "Groups",
        introduction: Articles.introduction("Groups")
    )
    static let sharedState = Chapter(
        number: 5,
        title: "Shared state & synchronization",
        folder: "SharedState",
        introduction: Articles.introduction("SharedState")
    )
    static let operations = Chapter(
        number: 6,
        title: "Operations",
        folder: "Operations",
        introduction: Articles.introduction("Operations")
    )
    static let threads = Chapter(
        number: 7,
        title: "Threads & run loops",
        folder: "Threads",
        introduction: Articles.introduction("Threads")
    )
    static let cancellation = Chapter(
        number: 8,
        title: "Cancellation",
        folder: "Cancellation",
        introduction: Articles.introduction("Cancellation")
    )
    static let eventSources = Chapter(
        number: 9,
        title: "Event sources & I/O",
        folder: "EventSources",
        introduction: Articles.introduction("EventSources")
    )
    static let bridging = Chapter(
        number: 10,
        title: "Bridging & pitfalls",
        folder: "Bridging",
        introduction: Articles.introduction("Bridging")
    )
    static let isolation = Chapter(
        number: 11,
        title: "Isolation at the edges",
        folder: "Isolation",
        introduction: Articles.introduction("Isolation")
    )
}
