import RecipeKit

extension GuideNote {
    static let cFunctionWithContext = GuideNote(
        id: "c-function-with-context",
        title: "The `_f` variants: a C function and a `void *context`",
        chapter: .bridging,
        seeds: [
            "000 §7.0 (L107–127), §7.4 (L813–899), §7.5 (L1013–1067), §7.7 (L1545–1595), §7.9 (L1821–1895), §7.10 (L2031–2105)"
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
        ],
        errata: [
            """
            The seeds' `dispatch_after_f` examples pass the delay as a `dispatch_time_t` built \
            from seconds; the Swift spelling is `DispatchTime.now() + .seconds(n)`, and in a task \
            `try await Task.sleep(for: .seconds(n))` (`delayed-task`).
            """
        ]
    )
}
