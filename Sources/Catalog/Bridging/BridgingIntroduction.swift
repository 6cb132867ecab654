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

    Measured here, on 2 cores: eight blocking jobs inside tasks ran two at a time, 168–197 jobs per
    second against a cap of 200 (two threads ÷ 10 ms), where `Task.sleep` ran all eight at once
    (766–771 jobs/s) and so did blocking work moved to threads of its own (699–749 jobs/s)
    (`blocking-the-pool`). On Linux, GCD's global queues start at one thread per core too and add
    about one a second while all are blocked, so the legacy "GCD just adds threads" escape is slow
    there as well (`semaphore-in-async-starvation`).

    Blocks themselves map one to one onto closures (`closure-basics`), with one reversal: Objective-C
    copies a captured variable unless it is `__block`, Swift shares it unless a capture list copies
    it, and Swift 6 refuses to share a captured `var` with concurrent code
    (`closure-capture-semantics`). A test that waited on an expectation now awaits, and
    `confirmation(expectedCount:)` counts the callbacks (`async-test-harness`); timing moves to
    `ContinuousClock.measure` in a release build (`benchmark-measure`).

    Patterns from real apps that live at the seam: a semaphore that makes a callback look
    synchronous becomes an awaited continuation, with a `noasync` blocking shim kept only at a
    synchronous entry point (`sync-wait-for-callback`); one asynchronous job at a time, in order,
    is a task chain, not a plain actor method, whose `await` lets the next caller in
    (`serialize-async-work`); a promise's box becomes an actor with a continuation per waiter,
    which cancellation removes (`one-shot-future`); and where a C library pulls its input through a
    synchronous callback, something still has to block, but on a thread of its own, fed by an async
    producer that suspends while the buffer is full (`sync-pull-bridge`).

    The guide notes of this chapter are the vocabulary the other pages rely on
    (`concurrency-concepts`, with the big mapping from every legacy tool to its replacement) and
    GCD's C-function forms (`c-function-with-context`), which have no Swift spelling at all.
    """
