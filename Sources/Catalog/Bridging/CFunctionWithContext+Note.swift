import RecipeKit

extension GuideNote {
    static let cFunctionWithContext = GuideNote(
        id: "c-function-with-context",
        title: "The `_f` variants: a C function and a `void *context`",
        chapter: .bridging,
        sources: [
            "*iOS Programming Cookbook*, §7.0 \"Introduction\", §7.4 \"Performing UI-Related Tasks with GCD\", §7.5 \"Executing Non-UI Related Tasks Synchronously with GCD\", §7.7 \"Performing Tasks after a Delay with GCD\", §7.9 \"Grouping Tasks Together with GCD\" and §7.10 \"Constructing Your Own Dispatch Queues with GCD\" (the C-function `_f` variants)"
        ],
        apis: [
            APIMapping(
                "`dispatch_async_f`, `dispatch_sync_f`, `dispatch_after_f`, `dispatch_group_async_f`",
                "a closure capturing `Sendable` values; `await` instead of the queue"
            )
        ],
        prose: Articles.note("c-function-with-context")
    )
}
