/// The opening of the chapter's guide page (Markdown): the legacy mental model, what replaces it,
/// and what to watch for. The chapter's API table is generated from its recipes.
let bridgingIntroduction = """
    A migration is never done in one commit. For a long time, callback APIs and `async` functions,
    queues and actors, live in the same app and call each other. This chapter is about the seams:
    turning a completion handler into an `async` function, calling async code from a test or a
    synchronous entry point, and the mistakes that only show up where the two worlds meet.

    Three rules carry most of it:

    - **Callback → `async`.** Wrap the callback in `withCheckedContinuation` (or its throwing
      form) and resume it exactly once, on every path (`async-api-completion-queue`,
      `group-wrap-callback-api`, `operation-subclass-async`). A delegate or a stream of callbacks
      becomes an `AsyncStream` (`cancellable-fetch-operation`, `stream-line-reader`).
    - **Never block inside a task.** The cooperative pool has one thread per core. A
      `DispatchSemaphore.wait()`, a `DispatchGroup.wait()` or a blocking read inside a task holds
      one of those threads, and a few of them at once starve or deadlock every task in the process
      (`semaphore-in-async-starvation`, `blocking-the-pool`). Limit concurrency with a task group
      instead of a semaphore (`semaphore-throttle`).
    - **Isolation, not threads.** "Am I on the main thread?" becomes "am I isolated to the main
      actor?", which the compiler checks (`main-thread-check`). A `@MainActor` closure handed to
      an API that runs it elsewhere traps at run time (`isolation-inference-trap`).

    The guide notes of this chapter are the vocabulary the other pages rely on
    (`concurrency-concepts`, with the big mapping from every legacy tool to its replacement) and
    GCD's C-function forms (`c-function-with-context`), which have no Swift spelling at all.
    """
