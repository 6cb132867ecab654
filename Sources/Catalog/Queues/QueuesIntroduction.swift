/// The opening of the chapter's guide page (Markdown): the legacy mental model, what replaces it,
/// and what to watch for. The chapter's API table is generated from its recipes.
let queuesIntroduction = """
    GCD asks you to think in **queues**. You hand a closure to a queue, and the queue decides \
    which thread runs it. A **serial** queue runs one closure at a time, in submission order; a \
    **concurrent** queue starts them in order and lets them run side by side. The **main queue** \
    is the serial queue bound to the main thread, where UI work must happen. `async` returns at \
    once; `sync` blocks the caller until the closure has run. Most app code is one pattern: \
    `global().async` for the slow part, then `main.async` to hand the result to the UI.

    Swift concurrency replaces the queues with **isolation**. A **task** is the unit of work; \
    `await` marks the places where it may suspend. An **actor** protects its state the way a \
    private serial queue did, and **`@MainActor`** is the main queue made part of the type \
    system: the compiler, not a code review, makes sure UI state is touched only there. \
    `@concurrent` functions run CPU work off the caller's actor, a **task group** replaces a \
    concurrent queue plus a `DispatchGroup`, and where you need strict FIFO, an `AsyncStream` \
    drained by one task plays the serial queue.

    Things to watch for:

    - **An actor is not a FIFO queue.** Calls from separate tasks have no ordering guarantee, \
    and an actor method that awaits lets other calls run in the middle (reentrancy). Use a \
    single-consumer stream when order matters.
    - **Awaiting is not blocking.** A suspended task holds no thread, so the `sync`-onto-yourself \
    deadlock disappears. Blocking calls (`sync`, semaphores, `group.wait()`) inside a task are \
    worse than before: the cooperative pool is only as wide as the core count.
    - **The main actor is not the main thread on Linux.** Main-actor and main-queue code may run \
    on another thread (Swift Testing, `dispatchMain()`, an async `main`). Assert isolation with \
    `MainActor.assertIsolated()` or `dispatchPrecondition(condition: .onQueue(.main))`, never \
    `Thread.isMainThread`.
    - **Where work runs is now explicit.** With `NonisolatedNonsendingByDefault`, a plain \
    `async` function runs on its caller's actor; mark work that must leave main `@concurrent`.
    

    From real apps: many "needs update" requests in one main-queue turn become one flush
    (`coalesce-next-turn`). The dirty flag and its one `main.async` become a `@MainActor` flag and
    one `Task { @MainActor in … }`; clearing the flag before flushing lets a request made during the
    flush get exactly one more.
    """
