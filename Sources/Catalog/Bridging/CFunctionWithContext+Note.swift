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
        legacy: """
            Every GCD call that takes a block has a twin ending in `_f` that takes a plain C \
            function (`dispatch_function_t`, `void (*)(void *)`) and a `void *context` instead. \
            C code and code that avoided blocks used them: the caller `malloc`s a struct with the \
            arguments, passes it as the context, and the function casts it back and `free`s it \
            when done, so the rule "the callee frees the context" is part of every call site.
            """,
        nothingToRun: """
            None of the `_f` functions is imported into Swift: the Dispatch overlay offers only \
            the block forms, so there is nothing to port line by line. What they did is what \
            every recipe of chapters 1, 2 and 4 does with a closure, and the runnable code lives \
            there: `main-queue-ui-update`, `sync-on-concurrent-queue`, `delayed-task`, \
            `dispatch-group-notify` and `serial-queue`.
            """,
        instead: [
            """
            The context struct becomes the closure's captures. Capture values (or `Sendable` \
            classes) and let ARC free them: no cast from `void *`, no `free`, no double free when \
            two paths both think they own the context.
            """,
            """
            Where a C library still calls you back with a function pointer and a context (a \
            `@convention(c)` parameter), pass `Unmanaged.passRetained(box).toOpaque()` and take \
            it back once with `takeRetainedValue()` in the callback; resume a continuation there \
            to give the caller an `async` function (`async-api-completion-queue`).
            """,
        ]
    )
}
