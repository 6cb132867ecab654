/// The opening of the chapter's guide page (Markdown): the legacy mental model, what replaces it,
/// and what to watch for. The chapter's API table is generated from its recipes.
let onceIntroduction = """
    Objective-C code reaches for `dispatch_once` whenever something must happen exactly once: a shared
    instance, a cached colour, a one-time registration. A `static dispatch_once_t` token records that the
    block ran; the block runs synchronously on the caller's thread, and any thread that arrives meanwhile
    blocks until it returns.

    Swift cannot call `dispatch_once`, and rarely needs to. A global or `static let` is initialised lazily,
    on first use, exactly once and thread-safely, so `+sharedInstance` and `+boringColor` each become one
    line. For a side effect that must run once, a lock and a flag (a once-box) do what the token did.

    Swift concurrency adds two things to think about.

    **Work that must `await`.** A `static let` can't suspend. When the one-time work is asynchronous
    (loading settings, opening a database, fetching a token), an actor stores the `Task` that does it and
    hands the same task to every caller: *single flight*. The same idea, keyed by URL or id, coalesces
    duplicate requests into one load.

    **Reentrancy.** An actor runs one piece of code at a time, but it lets other callers in at every
    `await`. `if cached == nil { cached = await make() }` looks safe, and runs `make()` twice when two
    callers arrive together. Store the `Task` first, then await it; never put an `await` between looking
    in a table and inserting into it.

    Finally, safe *initialisation* is not safe *state*. `static let shared` gives every thread the same
    instance and says nothing about the array inside it. Swift 6 makes the gap visible: a `static let`
    must hold a `Sendable` value, so the instance's state has to be guarded by a `Mutex` or owned by an
    actor, where the legacy code could only promise a lock in a comment beside `@unchecked Sendable`.
    

    An object whose whole API waits on a start-up job is `run-once` for a whole type
    (`async-init-gate`): PINCache's `NSConditionLock` that goes from "not ready" to "ready" becomes an
    actor that stores its initialisation `Task` and awaits it at the top of every method. Callers
    suspend instead of parking threads, the initialisation runs once, and a cancelled caller neither
    cancels it nor gets in early.
    """
