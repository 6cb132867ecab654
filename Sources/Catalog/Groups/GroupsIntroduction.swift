/// The opening of the chapter's guide page (Markdown): the legacy mental model, what replaces it,
/// and what to watch for. The chapter's API table is generated from its recipes.
let groupsIntroduction = """
    A `DispatchGroup` is a counter of unfinished work. `async(group:)` and `enter()` add one; the end of \
    that block and `leave()` take one away. When the count is back to zero, `notify(queue:)` runs its block \
    on the queue you name, and a thread parked in `wait(timeout:)` wakes up. Around that counter GCD code \
    grows three habits: fan work out over global queues and join it with `notify`; run a loop's iterations \
    in parallel with `concurrentPerform` (`dispatch_apply`), which blocks the caller until all are done; and \
    wrap callback APIs that know nothing about groups in `enter()`/`leave()` so that they are counted too. \
    A group never orders anything: the order comes from the queues the work runs on.

    Swift concurrency makes the counter part of the structure. A task group (`withTaskGroup`, \
    `withThrowingTaskGroup`, `withDiscardingTaskGroup`) or a few `async let`s start child tasks, and the \
    scope does not end until every child has finished. The notify block becomes the line after the \
    `await`, and the wait becomes that same `await`, which suspends instead of blocking. A timeout is a \
    race between the work and a sleep. Callback APIs are bridged once, with `withCheckedContinuation`, \
    into `async` functions that join a group like anything else. A parallel loop becomes a task group \
    over chunks of the range, about one per core.

    What to watch for:

    - **Balance becomes "exactly once".** A task group cannot be unbalanced, but a continuation can: \
    resume it twice and the process traps, like an extra `leave()`; forget to resume it and the awaiting \
    task hangs, like a missing `leave()`.
    - **No blocking waits in async code.** `group.wait()`, `semaphore.wait()` and `concurrentPerform` hold \
    a thread of the cooperative pool, which is only as wide as the core count, and the compiler does not \
    warn.
    - **Children are cheap, not free.** One child per element of a large loop costs more than the work; \
    split the range into chunks.
    - **Cancellation is cooperative.** A group waits for all of its children, including the ones it has \
    cancelled, so work inside a child must check for cancellation.
    """
