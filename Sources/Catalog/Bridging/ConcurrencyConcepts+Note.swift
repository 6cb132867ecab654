import RecipeKit

extension GuideNote {
    static let concurrencyConcepts = GuideNote(
        id: "concurrency-concepts",
        title: "Vocabulary and the big mapping",
        chapter: .bridging,
        sources: [
            "*iOS Programming Cookbook*, §7.0 \"Introduction\"",
            "*Threading Programming Guide*, \"Thread Management\" (its opening paragraphs)",
            "*Grand Central Dispatch Tutorial for Swift: Part 1/2* (raywenderlich.com, 2015), \"Getting Started\" and its GCD terminology (serial and concurrent, sync and async, critical section, race condition, deadlock, thread safety, context switch, concurrency and parallelism)",
            "The Read-And-Learn wiki page \"iOS并发编程\", its Instruments tip and its notes on the kinds of dispatch queue and on operation queues",
        ],
        apis: [
            APIMapping("`DispatchQueue.main`", "`@MainActor`"),
            APIMapping("`DispatchQueue.global()`", "the global executor: `@concurrent` functions, task groups"),
            APIMapping("a private serial `DispatchQueue`", "an actor; an `AsyncStream` consumer"),
            APIMapping("`Operation`, `OperationQueue`", "`async` functions, structured child tasks"),
            APIMapping("`Thread`", "a task (not a thread: see below)"),
        ],
        legacy: """
            Every introduction to GCD opens with the words every page here relies on. **Serial** \
            means one job at a time, in order; **concurrent** means several may run at once. \
            **Sync** means the caller waits for the job; **async** means it goes on (a *blocking* \
            call is one that waits, which has nothing to do with a *block*, GCD's closure). A \
            **critical section** is code that must not run twice at once; a **race condition** is \
            what happens when it \
            does; a **deadlock** is two waits that each need the other to finish; **thread-safe** \
            code stays correct whatever the interleaving; a **context switch** is the kernel \
            moving a core from one thread to another. **Concurrency** is structure (several \
            things in progress), **parallelism** is execution (several at the same instant): \
            parallelism requires concurrency, concurrency doesn't guarantee parallelism. On one \
            core, 10 equal tasks in 1 s get 100 ms each, sliced. GCD has three kinds of queue \
            (main, global concurrent, private serial or concurrent), Foundation three kinds of \
            operation (invocation, block, custom subclass), and a **run loop** is a thread's event \
            loop, waiting for input and timers and running their handlers.
            """,
        nothingToRun: """
            This is vocabulary, not a pattern: each term is shown running on the pages the \
            mapping below links. The big mapping, chapter by chapter: queues and hopping \
            (`serial-queue`, `background-then-main`), delays and timers (`delayed-task`, \
            `repeating-timer`), once and singletons (`thread-safe-singleton`), groups and fan-out \
            (`dispatch-group-notify`), shared state (`isolation-queue-per-object`, `lock-zoo`), \
            operations (`operation-dependencies`), threads (`cooperative-thread-exit`), \
            cancellation (`thread-exit`), event sources (`dispatch-source-signal`), and bridging \
            (`async-api-completion-queue`). To go from the API in front of you to its recipe, use \
            [Find your code](../README.md#find-your-code) or run `swift run scan` on your sources.
            """,
        instead: [
            """
            The main queue becomes `@MainActor`; the global concurrent queues become the global \
            executor, reached with `@concurrent` functions, `async let` and task groups; a private \
            serial queue becomes an actor, an `AsyncStream` consumer or (rarely) a custom \
            executor; an operation becomes an `async` function, and a queue of them structured \
            child tasks.
            """,
            """
            A task is not a thread. It has no identity and no stack of its own while it is \
            suspended, and after any `await` it may resume on another thread: thread-local \
            storage, `Thread.current` and locks held across an `await` stop meaning anything \
            (`thread-local-storage`, `actor-reentrancy`).
            """,
            """
            The classic tip to watch threads in Instruments (the CPU strategy view) becomes the \
            Swift Concurrency instrument on Apple platforms, which shows tasks and actors; on \
            Linux there is no equivalent, and `swift run compare` prints peak threads and CPU time \
            per side instead.
            """,
        ]
    )
}
