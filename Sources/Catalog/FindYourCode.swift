import RecipeKit

/// The guide's "Find your code" index: every legacy API the recipes show, by kind, with what
/// replaces it in each use and the recipes that show it; then the modern spellings a
/// half-migrated app already has, each with the page that shows it used right.
///
/// A migrating reader arrives with their own code, not with a recipe id. Each row lists the
/// spellings they may have in front of them (Swift, then Objective-C/C), leads with the use they
/// most likely have, and says which counterpart applies when. Tests keep it honest: every id
/// it names is in the catalog, and every recipe in the catalog is reachable from at least one
/// row.
public enum FindYourCode {
    public static let groups: [APIIndexGroup] = [
        queues, delays, once, groups_, semaphores, workItems, locks, operations, threads, runLoops,
        sources, observation, halfMigrated,
    ]

    /// Every entry, in index order.
    public static var entries: [APIIndexEntry] { groups.flatMap(\.entries) }

    /// The entries that index legacy APIs: every group but the half-migrated one.
    public static var legacyEntries: [APIIndexEntry] {
        groups.filter { !$0.indexesModernCode }.flatMap(\.entries)
    }

    typealias Use = APIIndexEntry.Use

    static let queues = APIIndexGroup(
        "Queues and the main thread",
        [
            APIIndexEntry(
                ["__dispatch_queue_get_label", "dispatch_queue_get_label", "DISPATCH_CURRENT_QUEUE_LABEL"],
                uses: [
                    Use(
                        "logging which queue a block runs on",
                        "`#isolation`: the actor the code runs on (`nil`: the global executor); `nonisolated async` runs on the caller's actor, `@concurrent` leaves it",
                        recipes: ["where-does-it-run"])
                ]),
            APIIndexEntry(
                ["DispatchQueue.main.async", "DispatchQueue.main", "dispatch_get_main_queue"],
                uses: [
                    Use(
                        "updating the UI from a background callback",
                        "a `@MainActor` function or type; `await MainActor.run {}`; `Task { @MainActor in }` from synchronous code",
                        recipes: ["main-queue-ui-update", "background-then-main"]),
                    Use(
                        "delivering the result of background work",
                        "`await` a `@concurrent` function from a `@MainActor` caller: the code after the `await` is back on main",
                        recipes: ["background-then-main", "generate-sort-random-numbers"]),
                    Use(
                        "running now if already on main, else hopping",
                        "a `@MainActor` function: callers on main call it, the others `await` it",
                        recipes: ["main-inline-or-async"]),
                    Use(
                        "coalescing many \"needs update\" requests into one update",
                        "a `@MainActor` dirty flag and one `Task { @MainActor in … }` flush",
                        recipes: ["coalesce-next-turn"]),
                    Use(
                        "telling listeners on main that something changed",
                        "an `AsyncStream` consumed by a `@MainActor` task",
                        recipes: ["readers-writer-barrier"]),
                ]),
            APIIndexEntry(
                ["DispatchQueue.main.sync", "main.sync"],
                uses: [
                    Use(
                        "waiting for main from a background thread",
                        "`await MainActor.run {}`: the caller suspends instead of blocking",
                        recipes: ["main-queue-ui-update", "sync-deadlock"]),
                    Use(
                        "called while already on main",
                        "no direct equivalent: it traps on Linux and Darwin alike; on the main actor a call is a plain call",
                        recipes: ["sync-deadlock"]),
                    Use(
                        "inside a framework callback that must return a value computed on main (a delegate, a file presenter)",
                        "ask for the main queue, then `MainActor.assumeIsolated`; a completion-handler form; else a guarded, `noasync` `main.sync`",
                        recipes: ["sync-callback-needs-main"]),
                ]),
            APIIndexEntry(
                [
                    "NSFilePresenter", "presentedItemOperationQueue", "savePresentedItemChanges(completionHandler:)",
                    "relinquishPresentedItem(toWriter:)",
                ],
                alsoKnownAs: [
                    "file presenter", "dispatch_main_sync_safe", "a delegate callback that must return a value from main",
                ],
                uses: [
                    Use(
                        "a presenter that answers the file coordinator with `DispatchQueue.main.sync`",
                        "`presentedItemOperationQueue` returns `OperationQueue.main`, then `MainActor.assumeIsolated`; or the completion called from `Task { @MainActor in … }`",
                        recipes: ["sync-callback-needs-main"])
                ]),
            APIIndexEntry(
                [
                    "DispatchQueue.global(qos:)", "DispatchQueue.global", "dispatch_get_global_queue",
                    "DISPATCH_QUEUE_PRIORITY_DEFAULT", "QOS_CLASS_USER_INITIATED", "DispatchQoS", "DispatchQueue.qos",
                ],
                uses: [
                    Use(
                        "CPU work off the main thread (work that computes, never waits)",
                        "a `@concurrent` function, awaited",
                        recipes: ["background-then-main", "generate-sort-random-numbers", "sync-on-concurrent-queue"]),
                    Use(
                        "a blocking loop (accept, read, a C library call)",
                        "a `Thread` of its own that feeds async code (an `AsyncStream`, a continuation); in a task, each blocked call holds a pool thread",
                        recipes: ["blocking-the-pool", "worker-thread-pool", "dispatch-source-socket-accept"]),
                    Use(
                        "a blocking read/write loop per socket connection",
                        "a non-blocking socket whose `read` and `write` suspend at `EAGAIN`, a child task per connection in a discarding task group",
                        recipes: ["socket-connection-stream"]),
                    Use(
                        "one blocking call at a time (a file read, `fsync`, a C library call)",
                        "the call on a `TaskExecutor` with threads of its own, preferred with `withTaskExecutorPreference` in a `@concurrent` function: the cooperative pool stays free",
                        recipes: ["blocking-io-executor", "blocking-the-pool"]),
                    Use(
                        "choosing a priority (QoS)",
                        "`Task(priority:)` and `TaskPriority`; `@MainActor` for user-interactive work",
                        recipes: ["qos-global-queues"]),
                ]),
            APIIndexEntry(
                ["DispatchQueue.async", "dispatch_async"],
                uses: [
                    Use(
                        "starting background work from the main thread",
                        "`Task {}` from the main actor, awaiting a `@concurrent` function",
                        recipes: ["background-then-main", "sync-vs-async-order"]),
                    Use(
                        "jobs that must run one at a time, in submission order",
                        "one task draining an `AsyncStream` of jobs",
                        recipes: ["serial-queue"]),
                    Use(
                        "fire-and-forget writes through a connection's queue into a database-wide write queue",
                        "a worker task per connection draining an `AsyncStream`, one writer actor; a shim that yields, not a `Task` per call",
                        recipes: ["ordered-async-writes"]),
                ]),
            APIIndexEntry(
                ["DispatchQueue.sync", "dispatch_sync"],
                uses: [
                    Use(
                        "reading state that a queue protects",
                        "`await` the actor's property or method",
                        recipes: ["readers-writer-barrier", "request-coalescing"]),
                    Use(
                        "running a block and waiting for it",
                        "`await` a `@concurrent` function: the caller suspends instead of blocking; `Task.immediate` to start inline",
                        recipes: ["sync-on-concurrent-queue", "sync-vs-async-order"]),
                    Use(
                        "from a block already on that queue",
                        "no direct equivalent: it traps; inside an actor, call the method directly",
                        recipes: ["sync-deadlock", "queue-specific-key"]),
                    Use(
                        "check, then slow work, then mutate, all in one block",
                        "an actor method that checks again after its last `await` (an actor interleaves calls at every `await`)",
                        recipes: ["actor-reentrancy"]),
                ]),
            APIIndexEntry(
                ["DispatchQueue(label:)", "dispatch_queue_create", "DISPATCH_QUEUE_SERIAL"],
                uses: [
                    Use(
                        "protecting one object's state",
                        "an `actor`",
                        recipes: ["independent-serial-queues", "isolation-queue-per-object"]),
                    Use(
                        "running jobs one at a time, in FIFO order",
                        "one task draining an `AsyncStream` of jobs (an actor does not keep submission order)",
                        recipes: ["serial-queue"]),
                    Use(
                        "several queues that run side by side",
                        "one actor per independent piece of state",
                        recipes: ["independent-serial-queues"]),
                    Use(
                        "keeping a blocking C or file API off the shared threads",
                        "a `TaskExecutor` with its own thread, preferred with `withTaskExecutorPreference` in a `@concurrent` function (an actor's jobs run on the cooperative pool)",
                        recipes: ["blocking-io-executor"]),
                ]),
            APIIndexEntry(
                ["DispatchQueue(label:attributes: .concurrent)", "DISPATCH_QUEUE_CONCURRENT"],
                uses: [
                    Use(
                        "running independent jobs in parallel",
                        "a task group",
                        recipes: ["concurrent-queue-unordered"]),
                    Use(
                        "many readers, exclusive writers",
                        "an actor; a `Mutex`; immutable snapshots when reads must overlap",
                        recipes: ["readers-writer-barrier", "rcu-snapshot"]),
                ]),
            APIIndexEntry(
                ["async(flags: .barrier)", "dispatch_barrier_async"],
                uses: [
                    Use(
                        "an exclusive write on a concurrent queue",
                        "an actor method; `Mutex.withLock`",
                        recipes: ["readers-writer-barrier", "request-coalescing", "barrier-counted-dictionary"]),
                    Use(
                        "a value that arrives once, for handlers registered before or after (a promise's box)",
                        "an actor holding the value and a list of continuations; a `Task`'s `value`",
                        recipes: ["one-shot-future"]),
                ]),
            APIIndexEntry(
                ["DispatchSpecificKey", "setSpecific(key:value:)", "getSpecific(key:)", "dispatch_get_specific"],
                uses: [
                    Use(
                        "\"am I already on my queue?\" before a `sync`",
                        "an actor: nested calls are plain calls; `assertIsolated()`",
                        recipes: ["queue-specific-key"])
                ]),
            APIIndexEntry(
                ["DispatchQueue(label:target:)", "dispatch_set_target_queue"],
                uses: [
                    Use(
                        "several queues (and an `OperationQueue.underlyingQueue`) funnelled into one serial root",
                        "one actor; or actors whose `unownedExecutor` is the root actor's",
                        recipes: ["target-queue-hierarchy"])
                ]),
            APIIndexEntry(
                ["dispatchPrecondition", "Thread.isMainThread"],
                uses: [
                    Use(
                        "asserting where code runs",
                        "`@MainActor`, checked by the compiler; `MainActor.assertIsolated()` at run time",
                        recipes: ["main-inline-or-async", "main-thread-check"])
                ]),
            APIIndexEntry(
                ["dispatch_async_f", "dispatch_sync_f", "dispatch_after_f", "dispatch_group_async_f"],
                uses: [
                    Use(
                        "a C function with a `void *context`",
                        "a closure capturing `Sendable` values",
                        recipes: ["main-queue-ui-update", "c-function-with-context"])
                ]),
        ])

    static let delays = APIIndexGroup(
        "Delays, timers and timeouts",
        [
            APIIndexEntry(
                ["asyncAfter", "DispatchQueue.main.asyncAfter", "dispatch_after", "dispatch_time"],
                uses: [
                    Use(
                        "running something once after a delay",
                        "`Task { try await Task.sleep(for:); … }`",
                        recipes: ["delayed-task"]),
                    Use(
                        "a delay that may be called off",
                        "keep the `Task` and `cancel()` it",
                        recipes: ["cancellable-delay"]),
                    Use(
                        "giving up on a request whose reply has not come (it pops the pending completion)",
                        "`withTimeout` around a wait whose cancellation handler removes the entry",
                        recipes: ["pending-replies", "connect-timeout"]),
                    Use(
                        "retrying after a growing delay",
                        "a loop of attempts with `Task.sleep` between them",
                        recipes: ["retry-with-backoff"]),
                    Use(
                        "scheduling the next animation frame from each frame",
                        "a frame clock: one loop that sleeps to each frame's deadline on an injected clock",
                        recipes: ["frame-clock"]),
                    Use(
                        "waiting for input to settle (debounce)",
                        "cancel and replace a sleeping `Task`",
                        recipes: ["debounce"]),
                    Use(
                        "retrying pending work when a rate-limit token is due",
                        "an actor token bucket on an injected `Clock`: callers `await acquire()`",
                        recipes: ["rate-limiter"]),
                    Use(
                        "at most once per interval, the latest call winning (throttle)",
                        "an actor with the latest argument and one sleeping `Task`",
                        recipes: ["throttle-latest"]),
                    Use(
                        "a grace period for the preferred answer after another probe answered first",
                        "a child task sleeping on an injected `Clock`, cancelled with the losers once one wins",
                        recipes: ["preferred-winner-race"]),
                    Use(
                        "a watchdog that answers `nil` after a timeout while the work runs on and fills a cache",
                        "`withTimeout` around a wait that ends on cancellation (a `OneShotFuture`); the work an unstructured `Task` the cache owns, so its late result still lands",
                        recipes: ["timeout-keep-late-result"]),
                ]),
            APIIndexEntry(
                [
                    "perform(_:with:afterDelay:)", "performSelector:withObject:afterDelay:",
                    "NSObject.cancelPreviousPerformRequests(withTarget:)", "cancelPreviousPerformRequestsWithTarget:",
                ],
                uses: [
                    Use(
                        "running a method once after a delay",
                        "`Task { try await Task.sleep(for:); … }` calling the method: a closure, no selector",
                        recipes: ["delayed-task"]),
                    Use(
                        "calling a delayed perform off (`cancelPreviousPerformRequests`)",
                        "keep the `Task` and `cancel()` it",
                        recipes: ["cancellable-delay"]),
                    Use(
                        "cancelling the previous request, then performing again, so only the last call fires (a debounce)",
                        "cancel and replace a sleeping `Task`",
                        recipes: ["debounce"]),
                ]),
            APIIndexEntry(
                ["Timer.scheduledTimer", "scheduledTimerWithTimeInterval", "NSTimer"],
                uses: [
                    Use(
                        "repeating at a fixed interval",
                        "an `AsyncStream` ticker that sleeps to deadlines, so it does not drift",
                        recipes: ["repeating-timer"]),
                    Use(
                        "firing once",
                        "one `Task.sleep(for:)`, then the work",
                        recipes: ["one-shot-timer"]),
                    Use(
                        "stopping it from outside or from its own handler",
                        "`task.cancel()`; `break` out of `for await`",
                        recipes: ["timer-invalidate"]),
                    Use(
                        "invalidated and scheduled again on every event, so only the last one fires (a debounce)",
                        "cancel and replace a sleeping `Task`",
                        recipes: ["debounce"]),
                ]),
            APIIndexEntry(
                [
                    "Timer(timeInterval:repeats:block:)", "timerWithTimeInterval", "RunLoop.current.add",
                    "Timer(fire:interval:repeats:block:)", "Timer(fireAt:interval:target:selector:userInfo:repeats:)",
                    "initWithFireDate:interval:target:selector:userInfo:repeats:",
                ],
                uses: [
                    Use(
                        "creating a timer now and starting it later",
                        "a ticker configured in `init`, whose task starts in `start()`",
                        recipes: ["unscheduled-timer-runloop"]),
                    Use(
                        "a timer whose first tick is at a given date (`fireAt:`, `Timer(fire:…)`)",
                        "a task that sleeps until that instant (`Task.sleep(until:)`), then ticks every interval",
                        recipes: ["unscheduled-timer-runloop", "one-shot-timer"]),
                    Use(
                        "firing at a wall-clock date (a reminder, every day at 9:00), re-armed after each fire and when the clock changes",
                        "a task that sleeps on `ContinuousClock` for the time left, reads the date again at every wake-up, and starts over on clock-change notifications",
                        recipes: ["fire-at-date"]),
                ]),
            APIIndexEntry(
                ["Timer.invalidate", "invalidate()", "isValid"],
                uses: [
                    Use(
                        "stopping a timer",
                        "`task.cancel()` from outside; `break` out of `for await` from inside",
                        recipes: ["timer-invalidate", "one-shot-timer"])
                ]),
            APIIndexEntry(
                ["Timer.fireDate", "fireDate", "setFireDate:"],
                uses: [
                    Use(
                        "pushing `fireDate` later on every event, so the timer fires only once the events pause (a debounce)",
                        "cancel and replace a sleeping `Task`: each event cancels the pending task and starts one that sleeps for the delay",
                        recipes: ["debounce"]),
                    Use(
                        "reading or moving when a timer fires next",
                        "the next deadline, kept by the task that sleeps to it; to move it, cancel that task and start one with the new deadline",
                        recipes: ["unscheduled-timer-runloop"]),
                ]),
            APIIndexEntry(
                [
                    "DispatchSource.makeTimerSource", "dispatch_source_set_timer", "DISPATCH_SOURCE_TYPE_TIMER",
                    "DispatchSourceTimer.schedule", "DispatchSourceTimer.schedule(wallDeadline:)",
                ],
                uses: [
                    Use(
                        "a repeating timer off the main thread",
                        "an `AsyncStream` ticker",
                        recipes: ["repeating-timer"]),
                    Use(
                        "firing once (`repeating: .never`; in C, an interval of `DISPATCH_TIME_FOREVER`), then cancelling the source",
                        "one `Task.sleep(for:)`, then the work; `cancel()` the task to call it off",
                        recipes: ["one-shot-timer", "connect-timeout"]),
                    Use(
                        "a deadline on the wall clock (`schedule(wallDeadline:)`, `dispatch_walltime`), which keeps counting while the machine sleeps",
                        "a sleep on `ContinuousClock`, which counts while the machine sleeps, for the time left until the date; start over when the clock changes",
                        recipes: ["fire-at-date", "one-shot-timer"]),
                    Use(
                        "a timeout for an operation",
                        "`withTimeout`: a task group racing the work against `Task.sleep`",
                        recipes: ["connect-timeout"]),
                    Use(
                        "flushing a batch at N items or T after its first item",
                        "one consumer task over a stream of items and deadlines",
                        recipes: ["batch-size-or-time"]),
                ]),
            APIIndexEntry(
                [
                    "NSSystemClockDidChange", "significantTimeChangeNotification", "NSSystemClockDidChangeNotification",
                ],
                uses: [
                    Use(
                        "re-arming the timers of dates when the clock, the day or the time zone changes",
                        "a restart of the task that sleeps until the date: it reads the wall clock and the schedule again",
                        recipes: ["fire-at-date"])
                ]),
            APIIndexEntry(
                ["CFRunLoopTimerCreateWithHandler", "CFRunLoopTimerCreate"],
                uses: [
                    Use(
                        "a Core Foundation timer on a run loop",
                        "an `AsyncStream` ticker that sleeps to deadlines: no run loop, no thread kept for it; the recipes show the Foundation form, `Timer`",
                        recipes: ["repeating-timer", "unscheduled-timer-runloop"])
                ]),
            APIIndexEntry(
                ["DispatchTime.now()", "DispatchTimeoutResult", "dispatch_walltime"],
                alsoKnownAs: ["timeout"],
                uses: [
                    Use(
                        "giving up on work after a time limit",
                        "`withTimeout(_:operation:)`: the first of the work and a `Task.sleep` wins, the loser is cancelled",
                        recipes: ["connect-timeout", "dispatch-group-wait"]),
                    Use(
                        "measuring elapsed time",
                        "`ContinuousClock.now`, `clock.measure {}`",
                        recipes: ["debounce", "benchmark-measure"]),
                ]),
            APIIndexEntry(
                ["dispatch_benchmark", "mach_absolute_time"],
                uses: [
                    Use(
                        "timing a piece of work",
                        "`ContinuousClock().measure {}` over N runs after an untimed warm-up, keeping the fastest",
                        recipes: ["benchmark-measure"])
                ]),
        ])

    static let once = APIIndexGroup(
        "Once and singletons",
        [
            APIIndexEntry(
                ["dispatch_once", "pthread_once"],
                alsoKnownAs: ["singleton", "sharedInstance"],
                uses: [
                    Use(
                        "initialising a value once",
                        "`static let` (Swift initialises it lazily, once, thread-safely)",
                        recipes: ["run-once", "thread-safe-singleton"]),
                    Use(
                        "one-time work that must `await`",
                        "an actor caching a `Task`",
                        recipes: ["run-once", "thread-safe-singleton"]),
                    Use(
                        "many callers asking for the same load",
                        "an actor keeping one `Task` per key (single flight)",
                        recipes: ["request-coalescing"]),
                    Use(
                        "a shared load that outside code must be able to cancel (a sign-out)",
                        "`cancelLoad(for:)` on the single-flight actor: every waiter fails at once; each load's id keeps a late end from clearing a newer one",
                        recipes: ["request-coalescing"]),
                ])
        ])

    static let groups_ = APIIndexGroup(
        "Groups and fan-out",
        [
            APIIndexEntry(
                ["DispatchGroup", "dispatch_group_create"],
                uses: [
                    Use(
                        "running several jobs, then continuing",
                        "`withTaskGroup` / `withDiscardingTaskGroup`; `async let` for a fixed few",
                        recipes: ["dispatch-group-notify", "group-async-nested"])
                ]),
            APIIndexEntry(
                [
                    "DispatchGroup.enter", "DispatchGroup.leave", "dispatch_group_enter", "dispatch_group_leave",
                    ".enter()", ".leave()",
                ],
                uses: [
                    Use(
                        "around a callback-based API",
                        "a continuation bridge (`withCheckedContinuation`), then a task-group child",
                        recipes: ["group-wrap-callback-api"]),
                    Use(
                        "one per download in a batch",
                        "one child of `withThrowingTaskGroup` per download",
                        recipes: ["group-batch-download"]),
                    Use(
                        "one per probe of a race that prefers one (IPv6 over IPv4, a primary server over its mirror)",
                        "a child per probe in `withThrowingTaskGroup`, a grace-timer child; `cancelAll()` once one wins",
                        recipes: ["preferred-winner-race"]),
                    Use(
                        "one per observed object, its observer leaving when the object reaches a state",
                        "a child per object in `withTaskGroup`, returning at the first matching value of an `AsyncStream` over the observer; no count to over-leave",
                        recipes: ["wait-for-all-states"]),
                    Use(
                        "one per setup step of an identify, the gate opening when all have left",
                        "one child per step in a task group, inside the setup task the gate keeps",
                        recipes: ["readiness-gate-reopens"]),
                ]),
            APIIndexEntry(
                ["async(group:)", "dispatch_group_async"],
                uses: [
                    Use(
                        "adding a job to a group",
                        "`group.addTask`; `async let`",
                        recipes: ["dispatch-group-notify", "group-async-nested"])
                ]),
            APIIndexEntry(
                ["DispatchGroup.notify", "dispatch_group_notify"],
                uses: [
                    Use(
                        "updating the UI when the batch is done",
                        "the code after `await withTaskGroup`, in a `@MainActor` function",
                        recipes: ["dispatch-group-notify", "group-batch-download"]),
                    Use(
                        "combining the jobs' results",
                        "the children's return values, with `group.reduce` or `for await`",
                        recipes: ["parallel-min-max", "group-async-nested"]),
                    Use(
                        "after wrapped callbacks finish",
                        "the code after `await withDiscardingTaskGroup`",
                        recipes: ["group-wrap-callback-api"]),
                    Use(
                        "flushing calls held until an identify's setup steps finish, again on every re-identify",
                        "an actor with a generation number, the newest setup task and a continuation per waiter",
                        recipes: ["readiness-gate-reopens"]),
                    Use(
                        "written in `@MainActor` code, notifying another queue",
                        "the code after `await withTaskGroup`; or `{ @Sendable in … }`: the plain closure inherits `@MainActor` and traps",
                        recipes: ["isolation-inference-trap"]),
                ]),
            APIIndexEntry(
                ["DispatchGroup.wait", "dispatch_group_wait"],
                uses: [
                    Use(
                        "waiting for a batch, with a timeout, off main",
                        "`await` the group; `withTimeout` for the limit",
                        recipes: ["dispatch-group-wait"]),
                    Use(
                        "joining worker threads",
                        "a task group returns only when its children have",
                        recipes: ["parallel-min-max"]),
                    Use(
                        "waiting, with a timeout, until several observed objects reach a state",
                        "`withTimeout` around a task group with a stream per object; each child removes its observer as it ends",
                        recipes: ["wait-for-all-states"]),
                    Use(
                        "bounding a wait on blocking work (a worker blocked in `waitUntilExit()`)",
                        "`withTimeout` around a wait that acts on the work when cancelled: `terminate()` the process",
                        recipes: ["timeout-keep-late-result"]),
                ]),
            APIIndexEntry(
                ["DispatchQueue.concurrentPerform", "concurrentPerform", "dispatch_apply"],
                uses: [
                    Use(
                        "a parallel loop",
                        "a task group over chunks, several per core so uneven iterations even out",
                        recipes: ["concurrent-perform", "parallel-min-max"]),
                    Use(
                        "starting a batch of downloads",
                        "one task-group child per download",
                        recipes: ["group-batch-download"]),
                ]),
        ])

    static let semaphores = APIIndexGroup(
        "Semaphores",
        [
            APIIndexEntry(
                [
                    "DispatchSemaphore", "dispatch_semaphore_create", "dispatch_semaphore_wait",
                    "dispatch_semaphore_signal", ".wait()", ".signal()",
                ],
                uses: [
                    Use(
                        "waiting for a callback",
                        "`withCheckedContinuation` in an `async` caller",
                        recipes: ["group-wrap-callback-api", "sync-wait-for-callback"]),
                    Use(
                        "one asynchronous job at a time (a serial queue parked until each callback)",
                        "a task chain: each job's `Task` awaits the previous one",
                        recipes: ["serialize-async-work"]),
                    Use(
                        "waiting until a thread is done",
                        "`await task.value`",
                        recipes: ["cooperative-thread-exit"]),
                    Use(
                        "a retry pause that `stop()` cuts short (`wait(timeout:)`, then `signal()`)",
                        "on a thread that stays, `poll` on a self-pipe with the delay as its timeout; in a task, `Task.sleep`, which cancellation ends",
                        recipes: ["interruptible-blocking-worker"]),
                    Use(
                        "a C call that blocks past my timeout (`wait(timeout:)` around it, the call abandoned)",
                        "the call on a thread of its own, raced against `Task.sleep`; the loser's cancellation interrupts the call",
                        recipes: ["blocking-call-hard-timeout"]),
                    Use(
                        "limiting a batch of work to N at a time",
                        "a sliding-window task group",
                        recipes: ["semaphore-throttle"]),
                    Use(
                        "limiting requests that keep arriving from anywhere (a semaphore kept in a property, `wait()` before each request, `signal()` in its completion)",
                        "an actor limiter that every caller awaits: `try await limiter.run { … }`, FIFO, a waiting caller cancellable",
                        recipes: ["concurrency-limit"]),
                    Use(
                        "a producer waiting for room in a bounded buffer",
                        "an actor channel whose `send` suspends (never `AsyncStream`: it drops)",
                        recipes: ["bounded-buffer-backpressure"]),
                    Use(
                        "at most N pooled resources in use, with a drain",
                        "an actor pool with a FIFO line of continuations",
                        recipes: ["resource-pool"]),
                    Use(
                        "a pooled check-out that gives up (`wait(timeout:)`), a cap on the waiters, a `close()` that fails them",
                        "the actor pool's `use(timeout:)`: the deadline covers the wait, not the use; `maximumWaiting` refuses at once; `close()` resumes every waiter with an error",
                        recipes: ["resource-pool"]),
                    Use(
                        "waiting, with a timeout, for a helper process's ready line (signalled by `readabilityHandler` and `terminationHandler`)",
                        "`withReadyProcess`: a task group races the ready line, the exit and the deadline",
                        recipes: ["process-readiness"]),
                    Use(
                        "as a lock (`value: 1`)",
                        "a `Mutex`; an actor",
                        recipes: ["semaphore-as-mutex"]),
                    Use(
                        "inside `async` code",
                        "never: a blocking wait starves the cooperative pool",
                        recipes: ["semaphore-in-async-starvation"]),
                    Use(
                        "in a test, waiting for the callback under test (XCTest: an expectation)",
                        "an `async` test; `confirmation(expectedCount:)` to count the callbacks",
                        recipes: ["async-test-harness"]),
                ])
        ])

    static let workItems = APIIndexGroup(
        "Work items and cancellation",
        [
            APIIndexEntry(
                ["DispatchWorkItem", "dispatch_block_create", "dispatch_block_cancel"],
                alsoKnownAs: ["Debouncer", "Throttler (often a debounce)"],
                uses: [
                    Use(
                        "delayed work that may be called off",
                        "a `Task` handle and `cancel()`",
                        recipes: ["cancellable-delay"]),
                    Use(
                        "cancel and reschedule: only the last trigger fires",
                        "cancel and replace a sleeping `Task`",
                        recipes: ["debounce"]),
                    Use(
                        "cancelling queued blocks that have not started",
                        "`Task` handles; `addTaskUnlessCancelled`",
                        recipes: ["cancel-work-items"]),
                    Use(
                        "calling off a blocking call still queued behind others",
                        "`task.cancel()`: the call checks `Task.checkCancellation()` on its executor before it starts",
                        recipes: ["blocking-io-executor"]),
                    Use(
                        "a QoS override by hand: a work item made with `.enforceQoS` or `dispatch_block_create_with_qos_class` so that urgent waiters get the work they wait for sooner",
                        "await the work's task; a waiter on a continuation calls `escalatePriority(to:)` and forwards its escalation with `withTaskPriorityEscalationHandler`",
                        recipes: ["request-coalescing"]),
                ]),
            APIIndexEntry(
                ["DispatchQueue.suspend", "dispatch_suspend"],
                uses: [
                    Use(
                        "holding queued work back until it may start (e.g. until some is cancelled)",
                        "tasks made on the main actor, which start only when it suspends; an actor-owned job list with a resume signal",
                        recipes: ["cancel-work-items", "pausable-work-queue"]),
                    Use(
                        "holding an SDK's calls while it re-identifies, resumed when every setup step is done",
                        "an actor gate: callers `try await gate.ready()`; a generation number ignores stale setups",
                        recipes: ["readiness-gate-reopens"]),
                ]),
            APIIndexEntry(
                ["DispatchWorkItem.wait", "dispatch_block_wait"],
                uses: [
                    Use(
                        "waiting for a piece of work to finish",
                        "`await task.value`",
                        recipes: ["run-once", "async-init-gate"])
                ]),
            APIIndexEntry(
                [
                    "UIApplication.shared.beginBackgroundTask(expirationHandler:)",
                    "beginBackgroundTaskWithExpirationHandler:", "endBackgroundTask",
                    "ProcessInfo.processInfo.performExpiringActivity(withReason:using:)",
                    "performExpiringActivityWithReason:usingBlock:",
                ],
                uses: [
                    Use(
                        "finishing work after the app leaves the foreground, until the expiration handler runs (UIKit, Apple only)",
                        "no async replacement: a `Task` that checks `Task.isCancelled`, cancelled from the expiration handler; `endBackgroundTask` once its value is in",
                        recipes: ["operation-cancellation", "cancellable-fetch-operation", "sync-wait-for-callback"]),
                    Use(
                        "`performExpiringActivity`, whose block is called again with `expired` true when time runs out (Apple only)",
                        "no async version: the first call blocks on a `Task` (the activity ends when it returns); the `expired` call cancels the task",
                        recipes: ["sync-wait-for-callback", "operation-cancellation"]),
                ]),
        ])

    static let locks = APIIndexGroup(
        "Locks and atomics",
        [
            APIIndexEntry(
                ["NSLock", "lock.lock()", "withLock"],
                uses: [
                    Use(
                        "guarding state behind a synchronous API",
                        "a `Mutex` (Synchronization)",
                        recipes: ["thread-safe-singleton", "lock-zoo", "ticket-sale-lock"]),
                    Use(
                        "guarding state whose callers can `await`",
                        "an actor",
                        recipes: ["thread-safe-singleton"]),
                    Use(
                        "taking two locks at once",
                        "one `Mutex` (or one actor) over all the state; else one global lock order",
                        recipes: ["lock-order-deadlock"]),
                    Use(
                        "a lock that high- and low-priority work share",
                        "an actor the high-priority task awaits (escalated on Apple platforms)",
                        recipes: ["priority-inversion-demo"]),
                    Use(
                        "a double buffer a frame loop hands to its renderer, with `lock(before:)` so the loop never waits long",
                        "a `Mutex` held only for a swap or a copy; the renderer draws outside it, so nothing is dropped",
                        recipes: ["frame-pacing-thread"]),
                    Use(
                        "a pending value and a busy flag feeding a slow sink (conflation)",
                        "an actor with `pending` and one drain `Task`",
                        recipes: ["conflate-latest"]),
                ]),
            APIIndexEntry(
                ["pthread_mutex_t", "pthread_mutex_lock", "pthread_mutex_unlock"],
                uses: [
                    Use("a C mutex around shared state", "a `Mutex`", recipes: ["lock-zoo", "race-condition-counter"])
                ]),
            APIIndexEntry(
                ["NSRecursiveLock", "@synchronized", "objc_sync_enter"],
                uses: [
                    Use(
                        "a re-entrant critical section",
                        "a `Mutex` locked once at the entry point; an actor",
                        recipes: ["synchronized-recursive-lock", "lock-zoo"]),
                    Use(
                        "a list of pending callbacks under the lock, all answered by one request",
                        "an actor keeping the one load `Task` per key; each caller awaits it and may leave",
                        recipes: ["request-coalescing"]),
                ]),
            APIIndexEntry(
                ["os_unfair_lock", "OSAllocatedUnfairLock"],
                uses: [Use("a fast lock (Apple only)", "a `Mutex`", recipes: ["lock-zoo"])]),
            APIIndexEntry(
                ["NSCondition"],
                uses: [
                    Use(
                        "waiting until shared state reaches a value",
                        "actor state with waiting continuations; an `AsyncStream` of states",
                        recipes: ["wait-for-state", "ticket-sale-condition"]),
                    Use(
                        "a reader count and a writer flag: a hand-made read/write lock",
                        "a `Mutex` state machine for synchronous callers; an actor with continuations for async ones",
                        recipes: ["exclusive-gate"]),
                    Use(
                        "a blocking read that waits until a producer has appended bytes (a C pull callback)",
                        "a bounded `Mutex` buffer: the async producer suspends when full, the reader blocks only on its own `Thread`",
                        recipes: ["sync-pull-bridge"]),
                    Use(
                        "a worker thread's loop waiting for the next frame, with a pause flag checked after each wait",
                        "a task consuming an `AsyncStream`; pause a state it awaits before each frame",
                        recipes: ["kept-thread-control"]),
                ]),
            APIIndexEntry(
                ["NSConditionLock"],
                uses: [
                    Use(
                        "a producer/consumer hand-off",
                        "an actor state machine with continuations",
                        recipes: ["condition-lock-alternation"]),
                    Use(
                        "every accessor waiting until a background initialisation is done (not ready → ready)",
                        "an actor whose methods await a stored initialisation `Task`",
                        recipes: ["async-init-gate"]),
                ]),
            APIIndexEntry(
                ["pthread_rwlock_t", "pthread_rwlock_rdlock"],
                uses: [
                    Use(
                        "readers that must not block each other",
                        "an immutable snapshot published through a `Mutex`; an actor",
                        recipes: ["readers-writer-barrier", "rcu-snapshot"]),
                    Use(
                        "a synchronous shared/exclusive gate whose writer drains the readers, with a timeout",
                        "a `Mutex` around a FIFO line, blocked threads parked on their own semaphores; an actor with continuations for async callers",
                        recipes: ["exclusive-gate"]),
                ]),
            APIIndexEntry(
                ["OSAtomicIncrement32", "OSAtomicCompareAndSwap32", "atomic_fetch_add"],
                uses: [
                    Use(
                        "a counter or flag shared between threads",
                        "`Atomic` (Synchronization)",
                        recipes: ["atomic-counter", "memory-barrier-publication"])
                ]),
            APIIndexEntry(
                ["OSMemoryBarrier"],
                uses: [
                    Use(
                        "publishing data to another thread",
                        "`Atomic` with release/acquire orderings",
                        recipes: ["memory-barrier-publication"])
                ]),
            APIIndexEntry(
                ["NSDistributedLock", "flock"],
                uses: [
                    Use(
                        "a lock shared between processes",
                        "no direct equivalent: `flock` on a file, on a thread of its own",
                        recipes: ["cross-process-file-lock"])
                ]),
            APIIndexEntry(
                ["ThreadSafeReference"],
                alsoKnownAs: ["a thread-confined object passed by ID"],
                uses: [
                    Use(
                        "handing a thread-confined object to a worker",
                        "a `sending` value, or an ID, passed to an actor",
                        recipes: ["confined-object-handoff"])
                ]),
        ])

    static let operations = APIIndexGroup(
        "Operations",
        [
            APIIndexEntry(
                ["OperationQueue", "NSOperationQueue", "addOperation"],
                uses: [
                    Use(
                        "running operations off the caller's thread",
                        "a task group; `async let`; a `Task`",
                        recipes: ["operation-dependencies", "operation-queue-async"])
                ]),
            APIIndexEntry(
                ["BlockOperation", "NSBlockOperation"],
                uses: [
                    Use(
                        "a block as a unit of work",
                        "an `async` function; a child task",
                        recipes: ["operation-dependencies", "block-operation-start"])
                ]),
            APIIndexEntry(
                ["addDependency", "removeDependency"],
                uses: [
                    Use(
                        "start B only after A",
                        "sequential `await`s; an `async let` graph; awaiting a `Task` handle",
                        recipes: ["operation-dependencies", "operation-dependency-cycle"]),
                    Use(
                        "one at a time per key (each operation depends on the last of its category)",
                        "an actor map `[Key: Task]`; each new task awaits the previous one of its key",
                        recipes: ["keyed-serial-execution"]),
                ]),
            APIIndexEntry(
                ["Operation", "NSOperation"],
                uses: [
                    Use(
                        "a subclass overriding `main`",
                        "an `async` function",
                        recipes: ["operation-subclass-main"]),
                    Use(
                        "an asynchronous subclass (`isExecuting`/`isFinished` by hand)",
                        "an `async` function around `withCheckedContinuation`",
                        recipes: ["operation-subclass-async"]),
                ]),
            APIIndexEntry(
                ["maxConcurrentOperationCount"],
                uses: [
                    Use(
                        "a batch, at most N at a time",
                        "a sliding-window task group; one `AsyncStream` worker for 1",
                        recipes: ["operation-max-concurrency"]),
                    Use(
                        "a long-lived shared queue that callers or an engine keep feeding",
                        "an actor limiter around each job; for jobs submitted from synchronous code, one task draining an `AsyncStream` with a window",
                        recipes: ["concurrency-limit"]),
                ]),
            APIIndexEntry(
                ["OperationQueue.isSuspended", "setSuspended:"],
                uses: [
                    Use(
                        "holding a queue of jobs back, then running the backlog in order",
                        "an actor-owned job list drained by one consumer task that awaits a \"resumed\" signal",
                        recipes: ["pausable-work-queue"])
                ]),
            APIIndexEntry(
                ["OperationQueue.main", "mainQueue"],
                uses: [
                    Use(
                        "one-off work on the main thread",
                        "`Task { @MainActor in }`; `await MainActor.run {}`",
                        recipes: ["operation-main-queue-block", "main-queue-ui-update"]),
                    Use(
                        "handing a background result back to main (`[weak self]`, no locks)",
                        "a `@MainActor` model awaiting a `@concurrent` function; keep the `Task` and cancel it",
                        recipes: ["background-compute-weak-self", "message-passing-confinement"]),
                ]),
            APIIndexEntry(
                ["cancelAllOperations", "Operation.cancel", "Operation.isCancelled"],
                uses: [
                    Use(
                        "calling off work in progress",
                        "`task.cancel()`, `Task.isCancelled`, `Task.checkCancellation()`",
                        recipes: ["operation-cancellation", "cooperative-thread-exit"]),
                    Use(
                        "cancelling an operation that waits on callbacks (a connection's delegate)",
                        "an `AsyncStream` of the events, consumed inside `withTaskCancellationHandler` whose `onCancel` cancels the source",
                        recipes: ["cancellable-fetch-operation"]),
                    Use(
                        "dropping work for something that went away (a cell scrolled off-screen)",
                        "one `Task` per item on the main actor; cancel it, and check `Task.isCancelled` right before delivering",
                        recipes: ["offscreen-render-cancel"]),
                ]),
            APIIndexEntry(
                ["NSInvocationOperation"],
                uses: [
                    Use(
                        "an operation calling a method", "a plain `await` call", recipes: ["invocation-operation-start"]
                    )
                ]),
            APIIndexEntry(
                ["waitUntilAllOperationsAreFinished", "addOperations(_:waitUntilFinished:)"],
                uses: [
                    Use(
                        "blocking until operations finish",
                        "`await` them",
                        recipes: ["operation-dependencies", "operation-invocation-to-main"])
                ]),
            APIIndexEntry(
                ["operation.completionBlock"],
                uses: [
                    Use(
                        "after an operation finishes", "the code after the `await`",
                        recipes: ["operation-subclass-main"])
                ]),
        ])

    static let threads = APIIndexGroup(
        "Threads",
        [
            APIIndexEntry(
                ["Thread(block:)", "Thread", "NSThread", "initWithTarget"],
                uses: [
                    Use(
                        "a long-running worker you stop later",
                        "`Task {}` with a kept handle; `task.cancel()` to stop it",
                        recipes: ["cooperative-thread-exit", "thread-manual-loop"]),
                    Use(
                        "spawning and joining N workers, or a `Thread` subclass overriding `main`",
                        "a task group of `async` functions",
                        recipes: ["parallel-min-max", "concurrent-counters", "thread-creation-cost"]),
                    Use("naming a thread", "`Task(name:)`, `group.addTask(name:)`", recipes: ["parallel-min-max"]),
                    Use(
                        "work that can fail, caught at the entry point and handed back",
                        "`Task<T, Error>` and `try await task.value`; `withThrowingTaskGroup` for one per item",
                        recipes: ["thread-error-boundary"]),
                    Use(
                        "a few threads serving a queue of blocking work items",
                        "the threads kept; callers `try await pool.run { … }` through a continuation",
                        recipes: ["worker-thread-pool"]),
                    Use(
                        "pausing and resuming a kept worker thread",
                        "a worker task that awaits a pause state before each frame; triggers refused while paused",
                        recipes: ["kept-thread-control"]),
                    Use(
                        "a caller-triggered worker that skips a frame while still busy with the last one",
                        "an `AsyncStream` with `.bufferingNewest(1)`: the newest trigger waits, the rest are skipped",
                        recipes: ["kept-thread-control"]),
                    Use(
                        "stopping a worker thread and joining it before starting a new one",
                        "`start()` cancels the old task; the new one first awaits `old.task.value`",
                        recipes: ["kept-thread-control"]),
                ]),
            APIIndexEntry(
                ["Thread.detachNewThread", "detachNewThreadSelector"],
                uses: [
                    Use(
                        "starting background work",
                        "a `@concurrent` function, awaited; `Task {}`; `Task.detached` only when it must not inherit the caller's actor, priority or task locals",
                        recipes: ["background-then-main", "thread-spawn-basics"]),
                    Use(
                        "a watchdog thread that pings the main queue to detect hangs",
                        "a `Task.detached` loop posting `Task { @MainActor in }` pings, stopped by `cancel()`",
                        recipes: ["main-thread-watchdog"]),
                ]),
            APIIndexEntry(
                ["performSelector(inBackground:with:)", "performSelectorInBackground"],
                uses: [
                    Use(
                        "running a method in the background",
                        "a `@concurrent` function; `Task.detached`",
                        recipes: ["background-then-main", "thread-spawn-basics"])
                ]),
            APIIndexEntry(
                ["performSelector(onMainThread:with:waitUntilDone:)", "performSelectorOnMainThread"],
                uses: [
                    Use(
                        "running a method on the main thread",
                        "`await MainActor.run {}`; a `@MainActor` function",
                        recipes: ["main-queue-ui-update", "background-then-main", "operation-invocation-to-main"])
                ]),
            APIIndexEntry(
                ["Thread.cancel", "Thread.current.isCancelled"],
                uses: [
                    Use(
                        "asking a thread's loop to stop",
                        "`task.cancel()`; `Task.isCancelled` between chunks of work",
                        recipes: ["cooperative-thread-exit", "thread-exit"])
                ]),
            APIIndexEntry(
                ["Thread.threadDictionary", "pthread_setspecific", "pthread_key_create"],
                uses: [
                    Use(
                        "an exit flag for a thread",
                        "nothing to keep: the task's cancellation is the flag",
                        recipes: ["cooperative-thread-exit"]),
                    Use(
                        "a value that follows the work",
                        "`@TaskLocal` (it follows the task, not the thread)",
                        recipes: ["thread-local-storage"]),
                ]),
            APIIndexEntry(
                ["Thread.qualityOfService", "Thread.threadPriority", "pthread_setschedparam"],
                uses: [
                    Use(
                        "making a thread's work more or less urgent",
                        "`Task(priority:)`",
                        recipes: ["qos-global-queues", "thread-priority"])
                ]),
            APIIndexEntry(
                ["pthread_create", "pthread_join"],
                uses: [
                    Use(
                        "workers whose results you join",
                        "a task group or `async let`; `await task.value`",
                        recipes: ["parallel-min-max", "pthread-joinable-result", "thread-creation-cost"])
                ]),
            APIIndexEntry(
                ["pthread_detach", "pthread_attr_setdetachstate"],
                uses: [
                    Use("a thread nobody joins", "an un-awaited `Task`", recipes: ["pthread-launch-detached"])
                ]),
            APIIndexEntry(
                ["pthread_cancel", "pthread_kill"],
                uses: [
                    Use(
                        "killing or signalling a thread stuck in a blocking call",
                        "no equivalent: interrupt the call through its descriptor (`shutdown`, a self-pipe), then await its thread",
                        recipes: ["blocking-call-hard-timeout", "interruptible-blocking-worker"])
                ]),
            APIIndexEntry(
                ["Thread.sleep", "usleep"],
                uses: [
                    Use(
                        "pausing work",
                        "`Task.sleep(for:)`, which suspends instead of holding a thread",
                        recipes: ["thread-exit", "blocking-the-pool"]),
                    Use(
                        "pacing a real-time frame loop on its own thread (`Thread.sleep(until:)` to each deadline)",
                        "the same thread, kept off the cooperative pool; a `Mutex` front buffer, an `Atomic` stop, `await run()`",
                        recipes: ["frame-pacing-thread"]),
                ]),
            APIIndexEntry(
                ["shutdown(SHUT_RDWR)", "shutdown(fd, SHUT_RD)"],
                uses: [
                    Use(
                        "waking a thread blocked in a socket `read` so that it can stop",
                        "the same thread, blocked in `poll` on the socket and a self-pipe that the awaiting task's cancellation handler writes to",
                        recipes: ["interruptible-blocking-worker"]),
                    Use(
                        "stopping one blocked call at a deadline",
                        "`shutdown` from `withTaskCancellationHandler` when a task group's sleep wins; the group awaits the call's thread",
                        recipes: ["blocking-call-hard-timeout"]),
                ]),
            APIIndexEntry(
                ["pollfd", "fd_set", "kevent", "kqueue", "epoll_wait"],
                uses: [
                    Use(
                        "a loop thread in `poll`, `select`, `kevent` or `epoll_wait` over descriptors and a self-pipe, with timed callbacks",
                        "the same thread as an actor's `SerialExecutor`: registrations and timers become async calls; readiness an `AsyncStream`",
                        recipes: ["event-loop-thread"]),
                    Use(
                        "`poll` on one descriptor and a self-pipe, to stop a blocked reader",
                        "the same thread; cancelling the awaiting task writes to the pipe",
                        recipes: ["interruptible-blocking-worker"]),
                ]),
            APIIndexEntry(
                ["Thread.stackSize", "pthread_attr_setstacksize"],
                uses: [
                    Use(
                        "deep recursion",
                        "no direct equivalent: a dedicated thread, awaited through a continuation",
                        recipes: ["thread-stack-size"])
                ]),
        ])

    static let runLoops = APIIndexGroup(
        "Run loops",
        [
            APIIndexEntry(
                ["RunLoop.current.run", "RunLoop.run", "CFRunLoopRun", "NSRunLoop"],
                uses: [
                    Use(
                        "a thread that waits for work",
                        "a long-lived task consuming an `AsyncStream`; an actor",
                        recipes: ["cooperative-thread-exit", "run-loop-worker-thread"])
                ]),
            APIIndexEntry(
                ["RunLoop.perform", "CFRunLoopPerformBlock", "CFRunLoopSourceCreate"],
                uses: [
                    Use(
                        "posting a block to a thread's run loop",
                        "a call to an actor; `task.cancel()` to stop",
                        recipes: ["unscheduled-timer-runloop", "cooperative-thread-exit", "run-loop-worker-thread"]),
                    Use(
                        "running every call of a C library that must stay on one thread's run loop",
                        "an actor whose `unownedExecutor` is a `SerialExecutor` posting its jobs to that run loop",
                        recipes: ["run-loop-executor"]),
                ]),
            APIIndexEntry(
                ["perform(_:on:with:waitUntilDone:)", "performSelector:onThread:withObject:waitUntilDone:"],
                uses: [
                    Use(
                        "calling a thread-bound library on its own thread, waiting for the result or not",
                        "`await` an actor whose executor is that thread; the caller suspends instead of blocking",
                        recipes: ["run-loop-executor", "run-loop-worker-thread"])
                ]),
            APIIndexEntry(
                [
                    "RunLoop.add", "RunLoop.add(_:forMode:)", "CFRunLoopAddTimer", "CFRunLoopWakeUp", "CFRunLoopStop",
                    "RunLoop.Mode.common", "NSRunLoopCommonModes",
                ],
                uses: [
                    Use(
                        "scheduling, waking or stopping a run loop",
                        "no direct equivalent: a resumed or cancelled task is scheduled at once; `task.cancel()`",
                        recipes: ["unscheduled-timer-runloop"]),
                    Use(
                        "a timer added in `.default` mode, which stops firing while the user scrolls or drags (the main run loop then runs in its tracking mode), or in `.common`, which keeps it firing in every common mode, tracking included",
                        "no modes: a main-actor ticker keeps firing during a scroll (the main queue runs in every common mode, Darwin); a display link for frames",
                        recipes: ["unscheduled-timer-runloop", "repeating-timer", "frame-clock"]),
                ]),
            APIIndexEntry(
                ["CFRunLoopAddSource"],
                uses: [
                    Use(
                        "hosting a system source that delivers only through a run loop (event tap, Accessibility observer)",
                        "still a thread of its own, whose callback feeds an `AsyncStream` that async code consumes; a queue-based variant of the API where there is one",
                        recipes: ["run-loop-worker-thread"])
                ]),
            APIIndexEntry(
                ["CFRunLoopObserverCreateWithHandler", "CFRunLoopAddObserver", "CFRunLoopObserverCreate"],
                uses: [
                    Use(
                        "hang detection: an observer on the main run loop and a watchdog thread timing its passes",
                        "a task that pings the main actor and counts the pings it doesn't answer",
                        recipes: ["main-thread-watchdog"])
                ]),
            APIIndexEntry(
                ["CADisplayLink"],
                uses: [
                    Use(
                        "animating once per frame",
                        "no equivalent off Apple platforms; a frame clock",
                        recipes: ["frame-clock"])
                ]),
        ])

    static let sources = APIIndexGroup(
        "Dispatch sources and I/O",
        [
            APIIndexEntry(
                ["DispatchSource.makeReadSource", "DISPATCH_SOURCE_TYPE_READ"],
                uses: [
                    Use(
                        "reacting when a descriptor is readable",
                        "an `AsyncStream` fed by the source",
                        recipes: ["dispatch-source-socket-accept"]),
                    Use(
                        "reading a socket connection",
                        "`for try await chunk in connection.reads`: read until `EAGAIN`, then wait for readability",
                        recipes: ["socket-connection-stream"]),
                ]),
            APIIndexEntry(
                ["DispatchSource.makeWriteSource", "DISPATCH_SOURCE_TYPE_WRITE"],
                alsoKnownAs: ["EAGAIN", "EWOULDBLOCK", "send or write retried in a loop"],
                uses: [
                    Use(
                        "writing buffered output when a socket has room again",
                        "`try await connection.write(data)`: write until `EAGAIN`, then suspend until writable",
                        recipes: ["socket-connection-stream"]),
                    Use(
                        "`send`/`write` retried until the socket takes everything",
                        "`try await connection.write(data)`: it suspends until the socket is writable instead of retrying",
                        recipes: ["socket-connection-stream"])
                ]),
            APIIndexEntry(
                ["DispatchSource.makeSignalSource", "DISPATCH_SOURCE_TYPE_SIGNAL"],
                uses: [
                    Use(
                        "handling a Unix signal", "an `AsyncStream` fed by the source",
                        recipes: ["dispatch-source-signal"])
                ]),
            APIIndexEntry(
                [
                    "DispatchSource.makeProcessSource", "DISPATCH_SOURCE_TYPE_PROC", "Process.terminationHandler",
                    "NSTask.terminationHandler",
                ],
                uses: [
                    Use(
                        "noticing that a process exits",
                        "a continuation resumed by `Process.terminationHandler`",
                        recipes: ["dispatch-source-process-exit"]),
                    Use(
                        "with the child's output still to read",
                        "await the exit and the end of both pipes: the exit can come while the last lines sit in a pipe",
                        recipes: ["process-output-stream"]),
                    Use(
                        "signalling a semaphore so that a wait for a helper's ready line fails early",
                        "the exit as one of three events in a task group: ready line, exit, deadline; the first decides",
                        recipes: ["process-readiness"]),
                ]),
            APIIndexEntry(
                ["Process.terminate()", "Process.interrupt()", "NSTask.terminate", "NSTask.interrupt"],
                uses: [
                    Use(
                        "stopping a helper process at a deadline, on cancel or in `tearDown`",
                        "cancel the task that runs it: SIGTERM, then SIGKILL after a grace; on Linux SIGTERM may be blocked",
                        recipes: ["process-readiness", "process-output-stream"])
                ]),
            APIIndexEntry(
                ["Process.waitUntilExit()", "waitUntilExit()"],
                uses: [
                    Use(
                        "waiting for a child process, with a time limit",
                        "`withTimeout` around a continuation that `terminationHandler` resumes; the wait's cancellation handler calls `terminate()`, then SIGKILL after a grace period",
                        recipes: ["timeout-keep-late-result"]),
                    Use(
                        "waiting for a child process to exit",
                        "a continuation resumed by `Process.terminationHandler`: no thread blocks",
                        recipes: ["dispatch-source-process-exit", "timeout-keep-late-result"]),
                    Use(
                        "on a background queue while `readabilityHandler`s read the child's output and errors",
                        "`await` the exit and both streams' ends: two `async let` loops over the lines of each pipe, the exit from `terminationHandler`",
                        recipes: ["process-output-stream"]),
                ]),
            APIIndexEntry(
                [
                    "FileHandle.readabilityHandler", "readabilityHandler", "readInBackgroundAndNotify",
                    "Pipe.fileHandleForReading",
                ],
                uses: [
                    Use(
                        "reading a child process's standard output and standard error (one read to its end first can deadlock on a full pipe)",
                        "both pipes read at once, one `async let` loop of blocking reads each on a `BlockingIOExecutor`; cancelling the caller terminates the child",
                        recipes: ["process-output-stream"]),
                    Use(
                        "waiting for a helper process to print that it is ready (\"listening on port …\"), with a timeout",
                        "`withReadyProcess(process, timeout:, ready:) { port in … }`: fails early if it exits, stops it after",
                        recipes: ["process-readiness"]),
                ]),
            APIIndexEntry(
                ["DispatchSource.makeFileSystemObjectSource", "DISPATCH_SOURCE_TYPE_VNODE"],
                uses: [
                    Use(
                        "watching a file or directory",
                        "an `AsyncStream` of events",
                        recipes: ["dispatch-source-dir-watch"])
                ]),
            APIIndexEntry(
                [
                    "FSEventStreamCreate", "FSEventStreamScheduleWithRunLoop", "FSEventStreamSetDispatchQueue",
                    "FSEventStreamStart",
                ],
                alsoKnownAs: ["FSEvents"],
                uses: [
                    Use(
                        "watching a directory tree for changes (macOS only)",
                        "`FSEventStreamSetDispatchQueue` and an `AsyncStream` of paths fed by the callback; `onTermination` stops and releases the stream (shown for macOS, not run here)",
                        recipes: ["dispatch-source-dir-watch"])
                ]),
            APIIndexEntry(
                ["DispatchSource.makeMemoryPressureSource", "DISPATCH_SOURCE_TYPE_MEMORYPRESSURE"],
                uses: [
                    Use(
                        "reacting to memory pressure",
                        "an `AsyncStream` of pressure events",
                        recipes: ["memory-pressure-source"])
                ]),
            APIIndexEntry(
                [
                    "setEventHandler", "dispatch_source_set_event_handler", "setCancelHandler",
                    "DispatchSource.resume", "DispatchSource.cancel",
                ],
                uses: [
                    Use(
                        "a source's handlers",
                        "`for await` over the stream; `onTermination` for the cancel handler",
                        recipes: ["repeating-timer", "connect-timeout", "dispatch-source-signal"]),
                    Use(
                        "a handler written in `@MainActor` code (any type of an Xcode 26 app target) for a source on its own queue, such as a memory-pressure source",
                        "handlers from a `nonisolated` function feeding an `AsyncStream` the main actor consumes, or `@Sendable` ones that hop: a plain closure inherits `@MainActor` and traps",
                        recipes: ["callback-isolation-trap"]),
                ]),
            APIIndexEntry(
                ["DispatchIO", "dispatch_io_create", "dispatch_io_read"],
                uses: [
                    Use(
                        "reading a file in chunks",
                        "an `AsyncThrowingStream` of chunks; `FileHandle.read(upToCount:)` in a task",
                        recipes: ["dispatch-io-read", "stream-line-reader"]),
                    Use(
                        "a completion handler written in `@MainActor` code that runs on a global queue (as an SDK's completion handler runs on the SDK's queue)",
                        "a `@concurrent` function that awaits the callback through a continuation, or a `@Sendable` handler that hops; a plain closure inherits `@MainActor` and traps",
                        recipes: ["callback-isolation-trap"]),
                ]),
            APIIndexEntry(
                [
                    "Data(contentsOf:)", "FileHandle.readDataToEndOfFile", "fsync", "fread",
                    "dataWithContentsOfFile:",
                ],
                uses: [
                    Use(
                        "a blocking file read or C call in async code",
                        "a `TaskExecutor` with threads of its own (`withTaskExecutorPreference`) or a thread awaited through a continuation; never the cooperative pool",
                        recipes: ["blocking-io-executor", "blocking-the-pool"]),
                    Use(
                        "a child process's output read to its end, then its errors (deadlocks once the child fills the other pipe)",
                        "both pipes read at once, one `async let` loop each, and the exit awaited",
                        recipes: ["process-output-stream"]),
                    Use(
                        "reading a large file piece by piece",
                        "an `AsyncThrowingStream` of chunks",
                        recipes: ["dispatch-io-read"]),
                ]),
        ])

    static let observation = APIIndexGroup(
        "Callbacks, notifications and observation",
        [
            APIIndexEntry(
                [
                    "NotificationCenter.default.addObserver", "addObserver(forName:object:queue:using:)",
                    "NSNotificationCenter",
                ],
                uses: [
                    Use(
                        "listening for events",
                        "an `AsyncStream` whose `onTermination` removes the observer; `notifications(named:)`",
                        recipes: ["readers-writer-barrier", "notification-observer-stream"])
                ]),
            APIIndexEntry(
                ["NotificationCenter.default.post", "postNotificationName"],
                uses: [
                    Use(
                        "announcing a change",
                        "yield to an `AsyncStream` that each listener consumes",
                        recipes: ["readers-writer-barrier"])
                ]),
            APIIndexEntry(
                ["NSHashTable.weakObjects()"],
                alsoKnownAs: ["multicast delegate", "observer list", "weakObjectsHashTable"],
                uses: [
                    Use(
                        "telling many listeners about each event, each on its own queue",
                        "a broadcaster that gives each subscriber its own `AsyncStream` and buffering policy; `onTermination` removes a subscriber whose loop ended",
                        recipes: ["multicast-stream"])
                ]),
            APIIndexEntry(
                ["PassthroughSubject"],
                alsoKnownAs: ["Combine"],
                uses: [
                    Use(
                        "one subject with many subscribers that come and go",
                        "a broadcaster of `AsyncStream`s (one per subscriber; `.bufferingNewest(1)` for a slow one; the latest replayed to a late one)",
                        recipes: ["multicast-stream", "combine-to-async-sequence"])
                ]),
            APIIndexEntry(
                ["sink(receiveValue:)", "receive(on:)"],
                alsoKnownAs: ["Combine", ".sink", "AnyCancellable", "store(in: &cancellables)"],
                uses: [
                    Use(
                        "a `.sink` kept in a `Set<AnyCancellable>`, delivered with `.receive(on: DispatchQueue.main)`",
                        "a `for await` loop in a task its owner keeps and cancels; a `@MainActor` loop replaces `receive(on:)`",
                        recipes: ["combine-to-async-sequence", "observe-state-changes"])
                ]),
            APIIndexEntry(
                ["observeValue(forKeyPath:of:change:context:)", "NSKeyValueObservation"],
                uses: [
                    Use(
                        "observing progress or state with KVO",
                        "an `AsyncStream` of changes",
                        recipes: ["progress-observation-stream", "operation-subclass-async"]),
                    Use(
                        "observing a model property with its initial value (`options: [.initial, .new]`)",
                        "`@Observable` and `for await value in Observations { model.property }`: the value now, then the latest after changes (coalesced)",
                        recipes: ["observe-state-changes"]),
                    Use(
                        "waiting until several observed objects all reach a state",
                        "a stream per object, the first matching value of each in a discarding task group, under `withTimeout`",
                        recipes: ["wait-for-all-states"]),
                ]),
            APIIndexEntry(
                ["ObservableObject", "CurrentValueSubject"],
                alsoKnownAs: ["@Published", "didSet that posts a notification"],
                uses: [
                    Use(
                        "state that views and other objects observe",
                        "`@Observable`; outside SwiftUI, `Observations { model.property }` (coalesces changes between suspensions)",
                        recipes: ["observe-state-changes", "combine-to-async-sequence"])
                ]),
            APIIndexEntry(
                [
                    "URLSession.shared.dataTask", "NSURLConnection", "sendSynchronousRequest:returningResponse:error:",
                    "URLSessionDataDelegate",
                ],
                alsoKnownAs: ["completion handler"],
                uses: [
                    Use(
                        "a request with a completion handler (status check, hop to main, a kept task to cancel)",
                        "`try await session.data(from:)`: cancel the awaiting task; ignore `URLError.cancelled` in the UI",
                        recipes: ["urlsession-data-task"]),
                    Use(
                        "progress through `URLSessionDataDelegate`",
                        "the delegate yields into a bounded `AsyncThrowingStream`, started at the first `next()`; `bytes(from:)` collected in chunks on Darwin",
                        recipes: ["urlsession-data-task"]),
                    Use(
                        "a callback-based network call of your own API",
                        "an `async throws` wrapper over the callback (`withCheckedThrowingContinuation`); `URLSession.data(for:)`",
                        recipes: ["group-wrap-callback-api", "background-then-main"]),
                    Use(
                        "a delegate-driven download that must be cancellable",
                        "the delegate events into an `AsyncStream`; `withTaskCancellationHandler` cancels the connection",
                        recipes: ["cancellable-fetch-operation"]),
                ]),
            APIIndexEntry(
                ["NSInvocation", "NSMethodSignature"],
                uses: [
                    Use(
                        "a stored call with its arguments (a timer's target)",
                        "no direct equivalent: a closure",
                        recipes: ["repeating-timer"])
                ]),
            APIIndexEntry(
                ["completionHandler:"],
                alsoKnownAs: ["completion handler", "@escaping"],
                uses: [
                    Use(
                        "a completion handler called on a queue the caller chose",
                        "an `async` function; a completion-handler shim over it for callers not yet migrated",
                        recipes: ["async-api-completion-queue"])
                ]),
            APIIndexEntry(
                ["completionQueue:"],
                uses: [
                    Use(
                        "writes that callers fire one after another and expect to apply in order",
                        "`await` each write; for callers not yet migrated, a shim that yields into a per-connection `AsyncStream` (a `Task` per call loses the order)",
                        recipes: ["ordered-async-writes"]),
                    Use(
                        "one call whose completion must run on the caller's queue",
                        "an `async` function: the caller resumes in its own isolation",
                        recipes: ["async-api-completion-queue"]),
                ]),
            APIIndexEntry(
                ["pendingRequests[id]", "ackHandlers", "replyHandlers", "pendingRead"],
                alsoKnownAs: ["request/reply", "message id", "ack number"],
                uses: [
                    Use(
                        "completions kept by message id until the reply (or a timeout) pops them",
                        "a `Mutex` of continuations by id: the reader resumes one, a cancellation handler removes it, `withTimeout` gives up",
                        recipes: ["pending-replies"]),
                    Use(
                        "one stored completion for the next read, answered by a UI event or closed",
                        "one continuation in a `Mutex`, resumed with the answer or with `nil`",
                        recipes: ["pending-replies"]),
                ]),
            APIIndexEntry(
                ["Unmanaged.passRetained(self).toOpaque()", "Unmanaged.passUnretained(self)"],
                alsoKnownAs: ["void *context", "userInfo", "refCon", "clientData"],
                uses: [
                    Use(
                        "a C callback that fires many times with a `void *context` (audio, HID, FSEvents, a device)",
                        "an `AsyncStream` fed through an `Unmanaged` box; `onTermination` unregisters, then releases it",
                        recipes: ["c-callback-stream"]),
                    Use(
                        "a C function called back once with a context",
                        "a continuation resumed in the callback",
                        recipes: ["c-function-with-context"]),
                ]),
            APIIndexEntry(
                ["enumerateObjects(_:)", "enumerateObjectsUsingBlock:"],
                alsoKnownAs: ["block", "__block", "*stop = YES"],
                uses: [
                    Use(
                        "a block handed to a method, called once per element",
                        "a closure parameter; `map`, or a `for` loop",
                        recipes: ["closure-basics"]),
                    Use(
                        "a search that sets a `__block` flag and stops the enumeration",
                        "`contains(where:)` or `first(where:)`: the result is returned, and the search stops at the first match",
                        recipes: ["closure-capture-semantics"]),
                ]),
            APIIndexEntry(
                ["@preconcurrency"],
                uses: [
                    Use(
                        "a main-actor type (any type of an Xcode 26 app target) conforming to an SDK's delegate protocol with `@preconcurrency`, as the fix-it offers, while the SDK calls it on its own queue",
                        "`nonisolated` witnesses that hand each call to the main actor (an `AsyncStream`): the `@preconcurrency` witness checks the main actor when called and traps",
                        recipes: ["delegate-conformance-isolation"]),
                ]),
            APIIndexEntry(
                ["performBlock:", "performBlockAndWait:", "context.perform", "performAndWait", "performBackgroundTask"],
                alsoKnownAs: ["Core Data", "NSManagedObjectContext", "SwiftData", "ModelContext"],
                uses: [
                    Use(
                        "Core Data's queue-confined contexts (`perform {}`, `performAndWait {}`)",
                        "`try await context.perform { … }` (Apple only); object IDs between contexts; SwiftData's `@ModelActor`",
                        recipes: ["core-data-swiftdata-contexts", "group-wrap-callback-api"])
                ]),
            APIIndexEntry(
                ["CKQueryOperation", "CKModifyRecordsOperation", "CKDatabase.fetch", "CKDatabase.save"],
                alsoKnownAs: ["CloudKit", "CKOperation", "CKDatabase"],
                uses: [
                    Use(
                        "CloudKit calls and operations with completion blocks",
                        "the database's `async` methods (Apple only); an operation's final block resuming one continuation",
                        recipes: ["core-data-swiftdata-contexts", "group-wrap-callback-api"])
                ]),
        ])

    /// The modern spellings a half-migrated app already has, each with the page that shows it used
    /// right and the trap it avoids.
    ///
    /// A reader partway through a migration searches for the `Task {}` they put in a completion
    /// handler as often as for the `DispatchGroup` still next to it. These rows pair with no
    /// legacy API, and `scan` does not look for them.
    static let halfMigrated = APIIndexGroup(
        "Half-migrated code",
        [
            APIIndexEntry(
                ["Task {}", "Task.detached"],
                alsoKnownAs: ["a task started from a callback or a queue block"],
                uses: [
                    Use(
                        "`Task {}` in a completion handler or a `DispatchQueue.async` block, to call async code",
                        "make the caller `async` and await (a continuation bridges a callback API); a task there runs later and is not cancelled with its caller",
                        recipes: ["async-api-completion-queue", "group-wrap-callback-api"]),
                    Use(
                        "one `Task {}` per event, expecting the tasks to run in the order of the events",
                        "unstructured tasks keep no order: chain them (each awaits the previous one), or feed one consumer task through an `AsyncStream`",
                        recipes: ["serialize-async-work", "serial-queue", "ordered-async-writes"]),
                    Use(
                        "a completion-handler shim that starts one `Task` per call, for callers that fire writes in order",
                        "the shim yields each call into an `AsyncStream` that one worker drains: the order is fixed when the shim returns",
                        recipes: ["ordered-async-writes"]),
                    Use(
                        "`Task.detached` to get off the main actor",
                        "a `@concurrent` function, awaited: it leaves the caller's actor but keeps its priority, task locals and cancellation, which a detached task drops",
                        recipes: ["background-then-main", "thread-spawn-basics"]),
                    Use(
                        "`Task {}` in a background callback to update the UI",
                        "`Task { @MainActor in … }` from synchronous code; from async code, a `@MainActor` function awaited",
                        recipes: ["main-queue-ui-update", "background-then-main"]),
                    Use(
                        "not sure where a task's body, or the functions it awaits, will run",
                        "`Task {}` keeps its creator's global actor (an actor's only if it captures `self`), `Task.detached` none; awaited `@MainActor` code runs on main",
                        recipes: ["where-does-it-run"]),
                ]),
            APIIndexEntry(
                ["withCheckedContinuation", "withCheckedThrowingContinuation"],
                uses: [
                    Use(
                        "around a callback API",
                        "resume exactly once on every path: a missed resume hangs the caller with no trap; a second resume traps",
                        recipes: ["group-wrap-callback-api", "sync-wait-for-callback", "sync-deadlock"]),
                    Use(
                        "around a delegate that calls back many times (progress, chunks, events)",
                        "an `AsyncStream` of the events (a continuation resumes once), consumed inside `withTaskCancellationHandler` so that cancelling stops the source",
                        recipes: ["cancellable-fetch-operation", "notification-observer-stream"]),
                    Use(
                        "kept in a property until a later event resumes it (a pending request, a waiter)",
                        "an actor that holds the waiting continuations, resumes each once, and resumes the rest when it shuts down",
                        recipes: ["one-shot-future", "resource-pool", "wait-for-state"]),
                    Use(
                        "resumed by the first callback that reports the wanted state, or by a timeout",
                        "the callbacks as an `AsyncStream`, its first matching value awaited under `withTimeout`; one object or many",
                        recipes: ["wait-for-all-states"]),
                    Use(
                        "parked in a table under a request id, resumed by the reply, inside `withTimeout`",
                        "a cancellation handler that removes and resumes it: without one, the timeout waits for the reply",
                        recipes: ["pending-replies"]),
                ]),
            APIIndexEntry(
                ["MainActor.run"],
                uses: [
                    Use(
                        "hopping to the main actor from background async code",
                        "it works; better still a `@MainActor` function the background code awaits, so that the compiler checks the UI code",
                        recipes: ["background-then-main", "main-queue-ui-update"]),
                    Use(
                        "called from code already on the main actor (a translated `main.sync`)",
                        "it just runs the closure: no deadlock and no trap, and a plain call does the same",
                        recipes: ["sync-deadlock", "main-inline-or-async"]),
                ]),
            APIIndexEntry(
                ["@MainActor"],
                uses: [
                    Use(
                        "a `@MainActor` type that still hands closures to Dispatch (`notify(queue: .global())`, `DispatchWorkItem`, `setEventHandler`, `DispatchIO` handlers)",
                        "mark those closures `@Sendable`, or await a `@concurrent` function instead: they are inferred `@MainActor` and trap off main (`async` closures are `@Sendable`: a compile error)",
                        recipes: ["isolation-inference-trap"]),
                    Use(
                        "an Xcode 26 app target (default `MainActor` isolation) whose Dispatch source handlers or SDK completion handlers run on another queue",
                        "handlers formed in `nonisolated` code or marked `@Sendable`, reaching the main actor by a stream, `await` or hop; `MainActor.assumeIsolated` only on the main queue",
                        recipes: ["callback-isolation-trap"]),
                    Use(
                        "a `@MainActor` type (any type of an Xcode 26 app target) conforming to an SDK's delegate protocol that the SDK calls on its own queue: \"crosses into main actor-isolated code\"",
                        "`nonisolated` witnesses that hop to the main actor; an isolated conformance only where the SDK calls on main and the protocol isn't `Sendable`",
                        recipes: ["delegate-conformance-isolation"]),
                ]),
            APIIndexEntry(
                ["withTaskCancellationHandler", "onCancel:"],
                uses: [
                    Use(
                        "stopping a callback-based source (a connection, a download, a thread) when the task is cancelled",
                        "`onCancel` runs at once on the cancelling thread, maybe before the operation starts: make the source's cancel safe to call early, twice, from any thread",
                        recipes: ["cancellable-fetch-operation", "cooperative-thread-exit", "resource-pool"])
                ]),
            APIIndexEntry(
                ["@unchecked Sendable"],
                uses: [
                    Use(
                        "a class whose state a queue or a lock protects, marked so that it compiles",
                        "a `Mutex` around the state (the class is then `Sendable`, checked) or an actor: `@unchecked` also hides the next unprotected `var` from the compiler",
                        recipes: ["lock-zoo", "isolation-queue-per-object", "thread-safe-singleton"])
                ]),
            APIIndexEntry(
                ["nonisolated(unsafe)"],
                uses: [
                    Use(
                        "a global or `static var` marked so that it compiles",
                        "a `static let` holding a `Mutex` or `Atomic`; an actor; `@MainActor` for UI-only state. `nonisolated(unsafe)` turns the checks off and leaves the race",
                        recipes: ["race-condition-counter", "atomic-counter", "thread-safe-singleton"])
                ]),
            APIIndexEntry(
                ["actor"],
                alsoKnownAs: ["check, await, act", "actor reentrancy"],
                uses: [
                    Use(
                        "an actor method that checks state, awaits, then acts on what it checked",
                        "check again after the last `await` (the actor interleaves calls at every `await`), or keep the in-flight `Task` for later callers to await",
                        recipes: ["actor-reentrancy", "request-coalescing"])
                ]),
            APIIndexEntry(
                ["AsyncStream.Continuation", "AsyncStream.makeStream"],
                uses: [
                    Use(
                        "a continuation kept in a property, so that callbacks can yield events",
                        "`AsyncStream.makeStream(of:)`; `finish()` when the source stops, and remove the observer in `onTermination`; choose the buffering policy (the default keeps every element)",
                        recipes: ["notification-observer-stream", "readers-writer-barrier", "serial-queue"]),
                    Use(
                        "a producer that must wait while the consumer falls behind",
                        "not an `AsyncStream`: `yield` never suspends, and the bounded policies drop elements; an actor channel whose `send` suspends",
                        recipes: ["bounded-buffer-backpressure"]),
                ]),
        ],
        indexesModernCode: true)
}
