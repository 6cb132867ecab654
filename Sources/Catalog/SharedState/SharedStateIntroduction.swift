/// The opening of the chapter's guide page (Markdown): the legacy mental model, what replaces it,
/// and what to watch for. The chapter's API table is generated from its recipes.
let sharedStateIntroduction = """
    Legacy code protects shared mutable state by convention: a private serial queue that every access
    goes through, a concurrent queue with barrier writes, an `NSLock`, `@synchronized`, `OSAtomic` calls,
    a condition variable. Each works as long as every access uses it, and nothing checks that one does. A
    missed `sync` is a data race that surfaces weeks later as a crash inside `Array.append`.

    Swift 6 turns the convention into something the compiler checks. A value that crosses between tasks
    or threads must be `Sendable`, and a class is `Sendable` only when its state is immutable or guarded
    by something the compiler understands. The replacements come in four sizes:

    - **An actor** owns its state and runs one call at a time on its own serial executor. It replaces the
      private queue (`isolation-queue-per-object`) and the barrier queue (`readers-writer-barrier`,
      `barrier-counted-dictionary`); every call from outside becomes an `await`.
    - **`Mutex`** (from `Synchronization`) guards state inside a `Sendable` class and keeps the API
      synchronous. It replaces `NSLock`, `NSRecursiveLock`, `pthread_mutex_t`, `os_unfair_lock` and
      `@synchronized` (`lock-zoo`, `ticket-sale-lock`, `synchronized-recursive-lock`). Use it where an
      `await` at every call site would be wrong, and for short critical sections in hot code.
    - **`Atomic`** replaces `OSAtomic`, atomic properties and hand-written memory barriers for single
      counters and flags, with the memory ordering spelled out (`atomic-counter`,
      `memory-barrier-publication`).
    - **No shared state at all**: values handed from task to task through an `AsyncStream` or a task
      group's results (`message-passing-confinement`, `condition-lock-alternation`,
      `ticket-sale-condition`), or immutable snapshots that readers take without waiting
      (`rcu-snapshot`).

    Which one to pick, measured (release builds on a 2-core Linux machine; each page has its numbers):
    for 4 × 10,000 increments of one counter, `Atomic`, `Mutex` and the legacy locks cost about the same
    (1.0–2.5 ms a run), and a serial queue and an actor about three times that (4–7 ms), because each
    increment is a hand-off rather than a lock taken in place (`lock-zoo`). For `readers-writer-barrier`,
    the actor and the `Mutex` variant were both 2–5× slower than the barrier queue; nearly all of it is
    the notification per photo to the main actor, not the store. So: take an actor when the callers
    can `await` anyway and the operations grow beyond a read or an append; take a `Mutex` when callers
    are synchronous or the state is hot; take `Atomic` for one word; and when reads must overlap for
    long, publish snapshots. Where Modern is slower, the page says so.

    Legacy code still compiles in Swift 6 mode: a queue- or lock-protected class is declared
    `@unchecked Sendable`, with a comment naming what protects what. The compiler takes your word for it;
    the pages in this chapter show those annotations and why each one holds. An unprotected counter is
    shown as what it is, a data race that loses updates (`race-condition-counter`); its total is printed,
    never asserted.

    Actors bring hazards of their own. They are **reentrant**: while an actor method awaits, other calls
    run, so a check made before an `await` may be stale after it. A serial queue runs each block to the
    end; the buggy actor lets both withdrawals pass the balance check (`actor-reentrancy`). And an actor
    serialises the reads that a concurrent queue ran in parallel; where that costs, a `Mutex` or
    snapshots do better.

    Deadlocks change shape rather than vanish. Two locks taken in opposite orders deadlock every time
    the threads interleave (`lock-order-deadlock`, run only in a child process with a timeout); one
    `Mutex` over both values, or an actor, leaves no second lock to order. A `Mutex` traps when its own
    holder takes it again, where `NSRecursiveLock` allowed it (`synchronized-recursive-lock`). Between
    processes there is still no Swift concurrency primitive: a lock file with `flock` stays, polled with
    `LOCK_NB` and `Task.sleep` so that the waiter can be cancelled (`cross-process-file-lock`). A task
    awaiting an actor or another task is a waiter the runtime can see, so on Apple platforms it can
    raise the holder's priority; Linux treats priorities as hints (`priority-inversion-demo`). And a
    blocking wait inside a task can still starve the cooperative pool.
    

    The patterns real apps build from these primitives follow the same rule: the waiting moves into
    the structure, as continuations an actor resumes, and every path (granted, timed out, cancelled)
    removes its continuation before resuming it, so a cancelled caller loses no permit and leaves no
    waiter behind. A producer that must wait for a slower consumer gets a bounded buffer whose `send`
    suspends (`bounded-buffer-backpressure`; `AsyncStream`'s buffering policies drop instead). At
    most N connections in use, with a drain, is one actor with a FIFO line (`resource-pool`). A thread
    parked on an `NSCondition` until "connected" becomes an awaited state with a timeout
    (`wait-for-state`). A synchronous shared/exclusive gate keeps blocking on the caller's own thread
    and moves only its decisions into a `Mutex` (`exclusive-gate`). And a `DispatchSemaphore(value: 1)`
    used as a lock has no owner, so anyone can release it and no one can raise its holder's priority:
    use a `Mutex` (`semaphore-as-mutex`).
    

    Two more shapes are about who may touch what. Several queues that all target one serial root
    (`target-queue-hierarchy`) become a root actor and sub-actors that run on its executor through
    `unownedExecutor`: their jobs never overlap, though the compiler can't see that the executor is
    shared, so it is checked at run time; and a caller now waits for its own job, where the legacy
    submit returned at once. A thread-confined object crosses to a worker as a token the worker
    resolves into its own object (`confined-object-handoff`); in Swift 6 the object itself can go to
    an actor as a `sending` value, and the compiler rejects any use by the owner until it comes back.
    """
