/// The opening of the chapter's guide page (Markdown): the legacy mental model, what replaces it,
/// and what to watch for. The chapter's API table is generated from its recipes.
let sharedStateIntroduction = """
    Legacy code protects shared mutable state by convention: a private serial queue that every access
    goes through, a concurrent queue with barrier writes, an `NSLock`, `@synchronized`, `OSAtomic` calls,
    a condition variable. Each works as long as every access uses it, and nothing checks that one does. A
    missed `sync` is a data race that surfaces weeks later as a crash inside `Array.append`.

    Swift 6 turns the convention into something the compiler checks. A value that crosses between tasks
    or threads must be `Sendable`, and a class is `Sendable` only when its state is immutable or guarded
    by something the compiler understands. The replacements come in three sizes:

    - **An actor** owns its state and runs one call at a time on its own serial executor. It replaces the
      private queue and the barrier queue; every call from outside becomes an `await`.
    - **`Mutex`** (from `Synchronization`) guards state inside a `Sendable` class and keeps the API
      synchronous. Use it where an `await` at every call site would be wrong, and for short critical
      sections in hot code.
    - **`Atomic`** replaces `OSAtomic` and hand-written memory barriers for single counters and flags,
      with the memory ordering spelled out.

    Legacy code still compiles in Swift 6 mode: a queue- or lock-protected class is declared
    `@unchecked Sendable`, with a comment naming what protects what. The compiler takes your word for it;
    the pages in this chapter show those annotations and why each one holds.

    Actors bring hazards of their own. They are **reentrant**: while an actor method awaits, other calls
    run, so a check made before an `await` may be stale after it (`actor-reentrancy`). And an actor
    serialises the reads that a concurrent queue ran in parallel; usually that costs nothing, and where it
    does, immutable snapshots or a `Mutex` do better. Lock-ordering deadlocks and `sync` onto your own
    queue have no actor equivalent, but a blocking wait inside a task can still starve the cooperative pool.
    """
