/// The opening of the chapter's guide page (Markdown): the legacy mental model, what replaces it,
/// and what to watch for. The chapter's API table is generated from its recipes.
let threadsIntroduction = """
    Before GCD, concurrency meant threads. `Thread` (or `pthread_create`) gives you a kernel thread
    with its own stack, and you manage everything else yourself. A thread that serves requests
    over time runs a run loop, which sleeps until an input source, a timer or a performed block
    wakes it. Per-thread values live in `threadDictionary` or a `pthread_key`. A thread should stop
    by returning from its entry point, because it noticed an exit flag between chunks of work,
    never because someone killed it.

    Swift concurrency replaces the thread with the task. Threads are expensive: each one reserves
    its own stack and kernel resources, and creating one is a system call. Tasks are cheap:
    a task is a small object that a pool of threads, one per core, runs in turns, so thousands
    of tasks cost little. Measured with `swift run -c release compare thread-creation-cost` on 2
    cores (Linux, Swift 6.3.1, busy machine): spawning and joining 2,000 threads took 88–104 ms
    against 2.3–2.7 ms for 2,000 tasks; with all 2,000 waiting at once, about 2,000 threads
    against 5; with 10,000 waiting, 734 ms, 10,006 threads and 149 MB against 130 ms, 6 threads and
    68 MB. Tasks are cheap only because a waiting task suspends instead of blocking a thread.

    Keep a thread for work that must block or must own a thread; use a task for everything else.
    A hand-made thread with a loop becomes a task with a kept handle (`thread-manual-loop`,
    `thread-spawn-basics`, `concurrent-counters`). The exit flag is built in: call `task.cancel()`
    from anywhere, check `Task.isCancelled` or `try Task.checkCancellation()` between chunks, and
    use `withTaskCancellationHandler` for a hook that runs at once. A detached pthread that must
    signal its end, and a joinable one whose untyped result `pthread_join` hands back, both become
    `await task.value`: typed, awaitable again, and, with `async let` and task groups, joined before
    the scope ends by rule (`pthread-launch-detached`, `pthread-joinable-result`). Per-thread
    storage becomes `@TaskLocal`, which follows the task, not the thread: child tasks inherit it,
    detached tasks, threads and Dispatch closures don't (`thread-local-storage`). An error caught
    at a thread's entry point, or the whole process killed by a `try!` there, becomes a throwing
    task whose `value` rethrows; an un-awaited task loses its error silently
    (`thread-error-boundary`). Tasks have no stack size: deep recursion keeps a dedicated `Thread`
    with `stackSize`, or becomes iterative (`thread-stack-size`). A task's priority is not its
    thread's, and both are hints on Linux (`thread-priority`).

    The biggest shift is identity. Run loops are thread-affine: a timer or a performed block runs
    on the one thread whose run loop it was added to. A task has no thread identity. After each
    `await` it may resume on a different thread, so `Thread.current`, run loops and thread-local
    storage mean nothing inside async code, and Swift makes `RunLoop.current`, `Thread.sleep` and
    their kin unavailable there. A run-loop worker thread, with its keep-alive source, its wake-ups
    and its posted stop, becomes a task reading an `AsyncStream`; a C API that delivers only
    through a run-loop source still needs a thread, kept small and forwarding each callback into a
    stream (`run-loop-worker-thread`). A modern design that truly needs affinity uses a custom
    executor.

    Three entries of this chapter are guide notes, with nothing to run: autorelease pools in
    thread entry points (`autorelease-pool`), the throw-away `NSThread` that once switched Cocoa to
    multithreaded mode (`cocoa-multithreaded-mode`), and Multiprocessing Services
    (`multiprocessing-services`).
    

    Some work really blocks: a synchronous read, a C library that waits. It must not run on the
    cooperative pool, which has one thread per core and never adds more, so a pool of dedicated
    threads stays in modern code (`worker-thread-pool`). What changes is how callers wait:
    `try await pool.run { … }` suspends on a continuation instead of blocking, and a caller cancelled
    while its item is still queued takes the item out of the queue.
    

    Sometimes a thread has to stay outside the thing it watches. A main-thread watchdog pings the
    main queue and counts the pings that go unanswered, as Sentry's ANR tracker does
    (`main-thread-watchdog`). In Swift concurrency it becomes a `Task.detached` loop that posts
    `Task { @MainActor in … }` pings and stops on `cancel()`; it sleeps on the cooperative pool, so
    it can't report a starved pool: for that, keep a dedicated `Thread`.
    """
