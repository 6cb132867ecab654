import RecipeKit

extension Chapter {
    static let queues = Chapter(
        number: 1,
        title: "Queues & hopping",
        folder: "Queues",
        introduction: "TODO"
    )
    static let timers = Chapter(
        number: 2,
        title: "Delays, timers & timeouts",
        folder: "Timers",
        introduction: "TODO"
    )
    static let once = Chapter(
        number: 3,
        title: "Once & singletons",
        folder: "Once",
        introduction: "TODO"
    )
    static let groups = Chapter(
        number: 4,
        title: "Groups & fan-out",
        folder: "Groups",
        introduction: "TODO"
    )
    static let sharedState = Chapter(
        number: 5,
        title: "Shared state & synchronization",
        folder: "SharedState",
        introduction: "TODO"
    )
    static let operations = Chapter(
        number: 6,
        title: "Operations",
        folder: "Operations",
        introduction: "TODO"
    )
    static let threads = Chapter(
        number: 7,
        title: "Threads & run loops",
        folder: "Threads",
        introduction: "TODO"
    )
}
