/// The opening of the chapter's guide page (Markdown): the legacy mental model, what replaces it,
/// and what to watch for. The chapter's API table is generated from its recipes.
let timersIntroduction = """
    GCD and Foundation code keeps time in three ways. `asyncAfter(deadline:)` (`dispatch_after`) queues a \
    block to run once a moment has passed; it cannot be called off, so cancellable delays wrap a \
    `DispatchWorkItem`. A `Timer` fires, once or repeatedly, on the run loop it was scheduled on, and only \
    while its thread runs that run loop; the run loop retains it until `invalidate()` is sent, on that same \
    thread. A dispatch timer source ticks on a queue instead: it is created suspended, \
    `schedule(deadline:repeating:leeway:)` sets its period and how late the system may fire it (the \
    leeway), and `cancel()` ends it. A timeout is a one-shot source or an `asyncAfter` racing the work.

    In Swift concurrency, time is something a task awaits. `Task.sleep(for:)` and `clock.sleep(until:)` \
    suspend without holding a thread and throw `CancellationError` as soon as their task is cancelled, so \
    the `Task` handle is the cancellable delay. A repeating timer becomes an `AsyncStream` ticker: a \
    producer task sleeps until each deadline, `start + n × interval`, with the leeway as its `tolerance`, \
    and a consumer runs `for await`; `break` or `task.cancel()` stops both. The clock is injected, so tests \
    can drive time. A timeout is a race in a task group (the project's `withTimeout`), debouncing cancels \
    and replaces a sleeping task, and retry with backoff is a loop of attempts and sleeps that \
    cancellation ends.

    What to watch for:

    - **Drift.** Sleeping *for* an interval in a loop adds each wake-up's lateness to every later tick; \
    sleep *until* a deadline.
    - **`try?` swallows cancellation.** `try? await Task.sleep(for:)` returns early when the task is \
    cancelled, and the delayed action runs anyway. Let the error propagate.
    - **A delay is a minimum.** Timers and sleeps never fire early, but can fire late; the tests assert \
    "at least", never "exactly".
    - **Stopping must reach the producer.** A ticker's `onTermination` cancels its producer, and a tick \
    buffered before the stop is still delivered unless the consumer checks `Task.isCancelled`.
    

    From real apps, four more ways to shape a stream of calls in time, each an actor with at most one
    sleeping task, on an injected clock so the tests move time by hand:

    - **Throttle** (`throttle-latest`): run the first call at once, then at most once per interval,
      always with the newest argument. Cancel-and-replace is a debounce, and under a steady stream it
      never runs at all.
    - **Conflate** (`conflate-latest`): a slow sink gets the newest value, not a backlog: one send in
      flight, values in order, the last one always delivered. `AsyncStream(.bufferingNewest(1))` is
      the one-line version, and can drop the first value.
    - **Batch** (`batch-size-or-time`): flush at N items or T after a batch's first item, with a final
      flush when the stream ends; the timer starts at the first item, it doesn't tick forever.
    - **Rate limit** (`rate-limiter`): a token bucket whose callers `await` a token in FIFO order; a
      cancelled waiter takes nothing.
    """
