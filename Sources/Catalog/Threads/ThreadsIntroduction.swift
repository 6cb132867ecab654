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
    of tasks cost little. Keep a thread for work that must block or must own a thread; use a
    task for everything else. The exit flag is built in: call `task.cancel()` from anywhere, check
    `Task.isCancelled` or `try Task.checkCancellation()` between chunks, and use
    `withTaskCancellationHandler` for a hook that runs at once. Per-thread storage becomes
    `@TaskLocal`, which child tasks inherit and which follows the work across suspension points.
    A joinable thread's result becomes `await task.value`, and an error caught at a thread's entry
    point becomes a throwing task.

    The biggest shift is identity. Run loops are thread-affine: a timer or a performed block runs
    on the one thread whose run loop it was added to. A task has no thread identity. After each
    `await` it may resume on a different thread, so `Thread.current`, run loops and thread-local
    storage mean nothing inside async code, and Swift makes `RunLoop.current`, `Thread.sleep` and
    their kin unavailable there. Code that needs a particular thread keeps one: the legacy pages
    run such code on a dedicated `Thread`, and a modern design that truly needs affinity uses a
    custom executor. Thread priorities map to task priorities, with no more guarantees than before.
    """
