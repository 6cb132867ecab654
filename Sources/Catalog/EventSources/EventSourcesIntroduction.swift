/// The opening of the chapter's guide page (Markdown): the legacy mental model, what replaces it,
/// and what to watch for. The chapter's API table is generated from its recipes.
let eventSourcesIntroduction = """
    A dispatch source turns something the kernel reports (a process exiting, a directory changing,
    a socket ready to accept, a signal, a timer) into a block on a queue. Every source starts
    suspended and does nothing until `resume()`; its event handler may run once for several events
    (they coalesce, and `source.data` says how many or which); and the descriptor it watches may be
    closed only in its cancel handler, after which the source never fires again. `DispatchIO` does
    the same for reading and writing files and pipes in chunks, handing over `DispatchData` buffers
    without copying them.

    Swift concurrency has no kernel event API of its own. The source stays, and what changes is the
    consumer: each event is yielded into an `AsyncStream`, the consumer writes `for await event in
    …`, and the stream's `onTermination` cancels the source, so the loop ending (or its task being
    cancelled) is what closes the descriptor. A one-shot event, such as a child process exiting,
    becomes an `await` on a continuation that the callback resumes once. File reading becomes a
    task that reads chunks and yields lines or buffers into a stream with a bounded buffer.

    Watch the places where the two models differ, and where Linux does:

    - A stream's default buffer is unbounded: a slow consumer of a fast source grows memory where
      the source would have coalesced. Pick a buffering policy on purpose.
    - An `AsyncStream` has one consumer. Two `for await` loops over one stream split its events
      between them; give each listener its own stream.
    - Several Apple-only sources don't exist on Linux: process sources, vnode sources, memory
      pressure sources and `NSInputStream` delegate events. For a child you start, `Process` is
      the watcher: set `terminationHandler` before `run()`, and in Modern code await a
      continuation it resumes once, which the `catch` around `run()` also resumes if the child
      never starts (`dispatch-source-process-exit`). A directory is watched with inotify, whose
      descriptor a plain read source watches (`dispatch-source-dir-watch`). Memory pressure has no
      Linux counterpart at all (`memory-pressure-source`).
    - A signal source runs its handler on a queue instead of in async-signal context. Ignore the
      signal first (`SIG_IGN`) and wait until the source is registered, or an early signal kills
      the process or is lost. Signals coalesce and are process-wide, so this project's tests send
      them only inside a child process (`dispatch-source-signal`).
    - A listening socket's read source fires when connections are pending: accept until `EAGAIN`,
      because on Linux `source.data` is 1, not the pending count, and close the descriptor only in
      the cancel handler (`dispatch-source-socket-accept`).
    - `DispatchIO` stays (Swift has no async file API); its read handler yields chunks into a
      stream. `DispatchData` isn't `Sendable` on Linux, so the chunks cross as `Data`, one copy
      each (`dispatch-io-read`).
    - Decode lines, never chunks: a character can straddle two chunks. A pull-based
      `AsyncSequence` reads the next chunk only when a line is missing, which is back-pressure a
      bounded `AsyncStream` can't give (it drops elements instead), and it kept pace with the
      legacy reader in a release build (`stream-line-reader`).
    - A blocking `read` inside a task holds one of the cooperative pool's few threads; keep
      blocking I/O on Dispatch or a thread of its own, and hand the results to the task.
    

    Observation follows the same shape. A `NotificationCenter` block observer becomes an
    `AsyncStream` built on the same call, whose `onTermination` removes the observer; the owner
    cancels the consuming task in `deinit` (`notification-observer-stream`). Corelibs Foundation has
    no `notifications(named:)`, and neither `Notification` nor the observer token is `Sendable`, so
    the block takes a `Sendable` value out of each notification. KVO doesn't exist on Linux: the
    progress callback apps wrap it in becomes an `AsyncStream<Double>` whose termination cancels the
    job, unbounded by default and `.bufferingNewest(1)` for a bar that only needs the latest value
    (`progress-observation-stream`).
    """
