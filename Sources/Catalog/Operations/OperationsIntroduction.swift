/// The opening of the chapter's guide page (Markdown): the legacy mental model, what replaces it,
/// and what to watch for. The chapter's API table is generated from its recipes.
let operationsIntroduction = """
    `Operation` and `OperationQueue` are Cocoa's object layer over threads and GCD. An operation
    packages a unit of work as an object: a `BlockOperation`, or a subclass that overrides `main`
    (or `start`, for work that finishes later in a callback). A queue runs its operations on its
    own threads, as many at once as `maxConcurrentOperationCount` allows. On top of plain blocks,
    operations add dependencies (`addDependency`), cancellation (`cancel()`, checked through
    `isCancelled`), priorities, and state that the queue watches through KVO (`isReady`,
    `isExecuting`, `isFinished`). An asynchronous subclass has to maintain that state by hand.

    Swift concurrency keeps the ideas and drops the objects. An operation becomes an `async`
    function: a `BlockOperation`'s block or a subclass's `main` is its body
    (`operation-subclass-main`), and `isCancelled` checks become `try Task.checkCancellation()`.
    Running it is `await` (`block-operation-start`, `invocation-operation-start`), and its result
    is a return value instead of a property that someone reads later; a completion block is the
    code after the `await`. Handing operations to a queue so that the caller goes on becomes
    `async let` or a task group (`operation-queue-async`). "B after A" is two `await`s in a row. A
    dependency graph is `async let` for the independent parts and `await` where their results meet
    (`operation-dependencies`). `maxConcurrentOperationCount` becomes a task group that adds the
    next child only when one of k has finished (`operation-max-concurrency`). An asynchronous
    operation's hand-written state machine becomes `withCheckedThrowingContinuation` around the
    callback (`operation-subclass-async`). `OperationQueue.main` becomes `@MainActor`
    (`operation-main-queue-block`, `operation-invocation-to-main`), and the `[weak self]` dance of
    "compute in the background, publish on main" becomes a task that awaits a `@concurrent`
    function and assigns on the main actor; cancelling that task, not `[weak self]`, is what
    stops the work (`background-compute-weak-self`). Cancellation stays cooperative:
    `task.cancel()` sets a flag that the work checks with `Task.isCancelled` or
    `try Task.checkCancellation()` (`operation-cancellation`). Cancelling a parent cancels its
    structured children, as `cancelAllOperations()` cancelled a queue's operations.

    Watch the places where the two models differ:

    - Calling `start()` yourself runs an operation synchronously on your thread and blocks it;
      `await` suspends instead, and `@concurrent` work leaves the caller's actor free.
    - A queue's operations outlive the call that added them; `async let` children and task
      groups end, and are cancelled, with the scope that made them.
    - A max-1 queue is serial, but a priority or a dependency can reorder it; a sliding window
      adds jobs in exactly the order you give.
    - A cancelled operation never runs its block but counts as finished, so its dependents start
      anyway; a running one stops only where its code checks `isCancelled`. A cancelled task
      still runs its body unless the body checks. Either way, check what your dependencies
      produced.
    - Neither world detects dependency cycles: two operations that depend on each other never
      start, two tasks that await each other never end, and nothing reports either
      (`operation-dependency-cycle`).
    - An asynchronous `Operation` subclass finishes only when it says so: it overrides `start()`,
      keeps `isExecuting`/`isFinished` behind a lock and announces each change with
      `willChangeValue`/`didChangeValue`. On Apple platforms those are KVO notifications the queue
      observes. On Linux there is no KVO: swift-corelibs-foundation's `willChangeValue` does
      nothing and its `didChangeValue(forKey: "isFinished")` is the queue's only signal, read back
      through the getter, so calling it while holding the state lock hangs. No queue there reads
      `isAsynchronous`, and `cancel()` on a finished operation does nothing.
    - On Linux, `NSInvocationOperation` doesn't exist; the legacy pages use `BlockOperation`.
      `removeDependency` on an unfinished dependency leaves the dependent stuck.
    

    Two queue shapes from real apps close the chapter. Same key one at a time, different keys in
    parallel (`keyed-serial-execution`): depending on the *last* operation of a key breaks after a
    cancel, because a cancelled operation is ready at once whatever its dependencies, so the legacy
    side depends on every unfinished operation of the key; the modern side is a map of task chains
    that empties itself when a key goes idle. `isSuspended` (`pausable-work-queue`) becomes an
    actor's job list and one consumer task that waits for a "resumed" signal: pausing stops starts,
    not the running job, and adding never waits and never drops a job.
    """
