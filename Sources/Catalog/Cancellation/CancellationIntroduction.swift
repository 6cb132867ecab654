/// The opening of the chapter's guide page (Markdown): the legacy mental model, what replaces it,
/// and what to watch for. The chapter's API table is generated from its recipes.
let cancellationIntroduction = """
    In the legacy APIs, cancelling is a flag on an object: `Thread.cancel()`,
    `DispatchWorkItem.cancel()`, `Operation.cancel()`. Each one sets `isCancelled`, and what
    happens next depends on where the work is. A work item or an operation that hasn't started is
    skipped (an operation still has to finish). Work that is already running goes on, and it
    stops only where its own code reads the flag. Nothing wakes a sleeping thread, nothing stops a
    blocking call, and nothing tells the network. The legacy code that gets this right checks the
    flag again after each wait, cancels the connection itself, and finishes exactly once.

    Swift concurrency keeps the flag and makes it reach further. `task.cancel()` sets the flag
    that `Task.isCancelled` and `try Task.checkCancellation()` read, and it also interrupts the
    waits that honour it: `Task.sleep` throws at once, and the loop of `thread-exit` leaves from
    its `catch` instead of sleeping out its interval and running one more iteration. A
    `withTaskCancellationHandler` runs its `onCancel` at once, on the cancelling thread, so a
    fetch can cancel its connection and end its stream of delegate events as soon as its task is
    cancelled, and still return or throw exactly once (`cancellable-fetch-operation`). Cancelling a parent reaches its structured
    children. One thing changes the other way: a cancelled task is never skipped. It starts, runs
    its body with the flag set, and has to return early by itself (`cancel-work-items`). A
    running work item, operation or task runs to its end unless it checks, in both worlds, so the
    check belongs right before the result is delivered, as in `offscreen-render-cancel`, where a
    cell that scrolled away shows nothing. For a worker thread asked to stop between chunks, see
    `cooperative-thread-exit`; for operations checking between chunks, `operation-cancellation`.

    Watch for these:

    - `try? await Task.sleep(for:)` swallows the cancellation: the sleep ends early and the work
      after it runs once more, which is the classic thread loop's extra iteration again
      (`thread-exit`).
    - A cancelled thread or task isn't gone yet: it lives until its body returns. The tests of
      this chapter check that no thread outlives the cancel (the thread is gone from
      `/proc/self/task`) and that no render is left in flight.
    - `onCancel` runs concurrently with the body, on another thread: it may only cancel things,
      thread-safely. Cleanup that the body still needs belongs on the body's
      own path, after its loop or in a `defer`.
    - `DispatchWorkItem.cancel()` takes only before the item starts, and a cancelled item never
      runs its `group.leave()`: whoever cancels it leaves for it. A task needs no leave.
    - Dropping a `Task` handle doesn't cancel the task, just as releasing a `Thread` doesn't stop
      it. There is no forced kill in either world: never call `Thread.exit()`.
    - On Linux, `performSelector:withObject:afterDelay:` doesn't exist: use `asyncAfter`, or
      `Task.sleep` and then the call.
    """
