/// The legacy APIs as shapes, each spelled once, for catalog entries to declare and `scan` to find.
///
/// A catalog entry lists the ones its Legacy file shows (`replaces: [.dispatchGroupEnter, …]`);
/// `scan` also detects every shape here that no entry lists yet, and reports it as "no recipe yet".
/// A new API gets a new shape here, or inline in the entry that first shows it.
extension CodeShape {
    // MARK: Queues

    public static let dispatchQueueLabel = CodeShape(
        "DispatchQueue(label:)", swift: ["DispatchQueue(label)"],
        objc: ["dispatch_queue_create", "DISPATCH_QUEUE_SERIAL"],
        modern: "an actor")
    public static let concurrentQueue = CodeShape(
        "DispatchQueue(attributes: .concurrent)", swift: ["DispatchQueue(label concurrent)"],
        objc: ["dispatch_queue_create(DISPATCH_QUEUE_CONCURRENT)", "DISPATCH_QUEUE_CONCURRENT"],
        modern: "a task group")
    public static let mainQueue = CodeShape(
        "DispatchQueue.main", swift: ["DispatchQueue.main"], objc: ["dispatch_get_main_queue"],
        modern: "`@MainActor`")
    public static let globalQueue = CodeShape(
        "DispatchQueue.global(qos:)", swift: ["DispatchQueue.global"],
        objc: ["dispatch_get_global_queue"], modern: "`Task(priority:)`, `@concurrent` functions")
    public static let mainAsync = CodeShape(
        "DispatchQueue.main.async", swift: ["DispatchQueue.main.async"],
        objc: ["dispatch_async(dispatch_get_main_queue)"],
        modern: "`@MainActor` function, `await MainActor.run`")
    public static let queueAsync = CodeShape(
        "DispatchQueue.async", swift: ["DispatchQueue.async", "DispatchQueue.global.async"],
        objc: ["dispatch_async", "dispatch_async(dispatch_get_global_queue)"],
        modern: "`Task {}`, an actor method, a child task")
    public static let queueSync = CodeShape(
        "DispatchQueue.sync", swift: ["DispatchQueue.sync", "DispatchQueue.global.sync"],
        objc: ["dispatch_sync"], modern: "`await` an actor method")
    public static let mainSync = CodeShape(
        "DispatchQueue.main.sync", swift: ["DispatchQueue.main.sync"],
        objc: ["dispatch_sync(dispatch_get_main_queue)"], modern: "`await MainActor.run`",
        hazard: "traps when called on the main thread (a deadlock libdispatch detects)")
    public static let asyncAfter = CodeShape(
        "DispatchQueue.asyncAfter",
        swift: [
            "DispatchQueue.asyncAfter", "DispatchQueue.main.asyncAfter", "DispatchQueue.global.asyncAfter",
            ".asyncAfter",
        ],
        objc: ["dispatch_after"], modern: "`Task.sleep(for:)`, then the work", home: "delayed-task")
    public static let barrier = CodeShape(
        "DispatchQueue.async(flags: .barrier)", swift: [".async(barrier)", "DispatchWorkItem(barrier)"],
        objc: ["dispatch_barrier_async"], modern: "an actor method")
    /// A barrier the caller waits for: an exclusive write that returns a value, or a read-modify-write.
    public static let barrierSync = CodeShape(
        "DispatchQueue.sync(flags: .barrier)", swift: [".sync(barrier)"], objc: ["dispatch_barrier_sync"],
        modern: "an actor method the caller awaits; `Mutex.withLock` for a synchronous caller")
    public static let dispatchTime = CodeShape(
        "DispatchTime", swift: ["DispatchTime", "DispatchWallTime", "DispatchTimeoutResult"],
        objc: ["dispatch_time", "dispatch_walltime", "DISPATCH_TIME_NOW"],
        modern: "`ContinuousClock.Instant`, `Duration`",
        home: "delayed-task")
    public static let dispatchQoS = CodeShape(
        "DispatchQoS", swift: ["DispatchQoS", "DispatchQueue.qos"], objc: ["DISPATCH_QUEUE_PRIORITY_*", "QOS_CLASS_*"],
        modern: "`TaskPriority`")
    public static let backgroundQueue = CodeShape(
        "DispatchQueue(label:qos: .background)", swift: ["DispatchQueue(label background)"],
        objc: ["dispatch_queue_attr_make_with_qos_class(QOS_CLASS_BACKGROUND)"],
        modern: "`Task(priority: .background)`, awaited by the work that needs it, so it can be escalated")
    public static let setNeedsUpdate = CodeShape(
        "setNeedsUpdate (a dirty flag and one main-queue flush)", swift: [".setNeedsUpdate"],
        objc: [".setNeedsUpdate"], modern: "a `@MainActor` flag and one `Task { @MainActor in … }` flush")
    public static let queueSpecific = CodeShape(
        "DispatchSpecificKey",
        swift: [
            "DispatchSpecificKey", ".setSpecific", "DispatchQueue.getSpecific", "DispatchQueue.main.setSpecific",
        ],
        objc: ["dispatch_queue_set_specific", "dispatch_get_specific", "dispatch_queue_get_specific"],
        modern: "an actor; `preconditionIsolated()`")
    public static let queueTarget = CodeShape(
        "DispatchQueue(label:target:)", swift: ["DispatchQueue(label target)"], objc: ["dispatch_set_target_queue"],
        modern: "one actor, or actors sharing a `SerialExecutor`")
    public static let queueSuspend = CodeShape(
        "DispatchQueue.suspend", swift: ["DispatchQueue.suspend"], objc: ["dispatch_suspend"],
        modern: "an actor-owned job list with a resume signal")
    public static let dispatchPrecondition = CodeShape(
        "dispatchPrecondition", swift: ["dispatchPrecondition"], objc: ["dispatch_assert_queue"],
        modern: "`MainActor.assertIsolated()`")
    public static let dispatchFunctionVariants = CodeShape(
        "dispatch_*_f", swift: ["dispatch_async_f", "dispatch_sync_f"],
        objc: ["dispatch_async_f", "dispatch_sync_f", "dispatch_after_f", "dispatch_group_async_f"],
        modern: "closures capturing `Sendable` values")

    // MARK: Groups

    public static let dispatchGroup = CodeShape(
        "DispatchGroup", swift: ["DispatchGroup"], objc: ["dispatch_group_create"],
        modern: "`withTaskGroup`")
    public static let groupEnter = CodeShape(
        "DispatchGroup.enter", swift: ["DispatchGroup.enter"], objc: ["dispatch_group_enter"],
        modern: "a task-group child", home: "group-wrap-callback-api")
    public static let groupLeave = CodeShape(
        "DispatchGroup.leave", swift: ["DispatchGroup.leave"], objc: ["dispatch_group_leave"],
        modern: "the child task returns", home: "group-wrap-callback-api")
    public static let groupNotify = CodeShape(
        "DispatchGroup.notify", swift: ["DispatchGroup.notify"], objc: ["dispatch_group_notify"],
        modern: "code after `await withTaskGroup`")
    /// The call that traps when it is written in `@MainActor` code (`isolation-inference-trap`).
    public static let groupNotifyGlobal = CodeShape(
        "DispatchGroup.notify(queue: .global())", swift: ["DispatchGroup.notify(global)"],
        objc: ["dispatch_group_notify(dispatch_get_global_queue)"],
        modern: "code after `await withTaskGroup`; or a `@Sendable` closure",
        hazard: "traps on the global queue when the closure was written in `@MainActor` code")
    public static let groupWait = CodeShape(
        "DispatchGroup.wait", swift: ["DispatchGroup.wait"], objc: ["dispatch_group_wait"],
        modern: "`await` the task group; a timeout races `Task.sleep`", home: "dispatch-group-wait")
    public static let groupAsync = CodeShape(
        "DispatchQueue.async(group:)", swift: [".async(group)", "DispatchQueue.global.async(group)"],
        objc: ["dispatch_group_async"], modern: "`group.addTask`, `async let`")
    public static let concurrentPerform = CodeShape(
        "DispatchQueue.concurrentPerform", swift: [".concurrentPerform"], objc: ["dispatch_apply"],
        modern: "a task group over chunks")
    /// A Foundation enumeration with the concurrent option: a parallel loop, not a plain one.
    public static let concurrentEnumeration = CodeShape(
        "enumerateObjects(options: .concurrent)",
        swift: [".enumerateObjects(concurrent)", ".enumerateKeysAndObjects(concurrent)"],
        objc: [
            ".enumerateObjectsWithOptions(NSEnumerationConcurrent)",
            ".enumerateKeysAndObjectsWithOptions(NSEnumerationConcurrent)",
            ".enumerateObjectsAtIndexes(NSEnumerationConcurrent)",
        ],
        modern: "a task group over chunks, each returning its part of the result",
        home: "concurrent-perform")

    // MARK: Semaphores

    public static let semaphore = CodeShape(
        "DispatchSemaphore", swift: ["DispatchSemaphore"],
        objc: ["dispatch_semaphore_create"],
        modern: "`withCheckedContinuation`; a sliding-window task group; `Mutex`",
        home: "semaphore-throttle")
    public static let semaphoreWait = CodeShape(
        "DispatchSemaphore.wait", swift: ["DispatchSemaphore.wait"], objc: ["dispatch_semaphore_wait"],
        modern: "`await` (a continuation) instead of blocking",
        home: "sync-wait-for-callback")
    public static let semaphoreSignal = CodeShape(
        "DispatchSemaphore.signal", swift: ["DispatchSemaphore.signal"], objc: ["dispatch_semaphore_signal"],
        modern: "resume a continuation",
        home: "sync-wait-for-callback")
    /// A semaphore that starts at zero: almost always a wait for a callback.
    public static let semaphoreAsSignal = CodeShape(
        "DispatchSemaphore(value: 0)", swift: ["DispatchSemaphore(value 0)"],
        objc: ["dispatch_semaphore_create(0)"],
        modern: "`withCheckedContinuation`, and make the caller `async`")
    public static let semaphoreAsLock = CodeShape(
        "DispatchSemaphore(value: 1)", swift: ["DispatchSemaphore(value 1)"],
        objc: ["dispatch_semaphore_create(1)"], modern: "`Mutex`, when it guards a critical section")

    // MARK: Work items, once

    public static let workItem = CodeShape(
        "DispatchWorkItem", swift: ["DispatchWorkItem"], objc: ["dispatch_block_create", "dispatch_block_*"],
        modern: "a `Task` handle")
    public static let workItemCancel = CodeShape(
        "DispatchWorkItem.cancel", swift: ["DispatchWorkItem.cancel"], objc: ["dispatch_block_cancel"],
        modern: "`task.cancel()`, `Task.isCancelled`")
    public static let workItemWait = CodeShape(
        "DispatchWorkItem.wait", swift: ["DispatchWorkItem.wait"], objc: ["dispatch_block_wait"],
        modern: "`await task.value`")
    public static let workItemNotify = CodeShape(
        "DispatchWorkItem.notify", swift: ["DispatchWorkItem.notify"], objc: ["dispatch_block_notify"],
        modern: "code after `await task.value`")
    public static let dispatchOnce = CodeShape(
        "dispatch_once", swift: ["dispatch_once"], objc: ["dispatch_once"],
        modern: "`static let`; an actor caching a `Task`")

    // MARK: Sources and I/O

    public static let timerSource = CodeShape(
        "DispatchSource.makeTimerSource",
        swift: [".makeTimerSource", "DispatchSourceTimer"],
        objc: ["DISPATCH_SOURCE_TYPE_TIMER", "dispatch_source_set_timer", "dispatch_source_create(DISPATCH_SOURCE_TYPE_TIMER)"],
        modern: "an `AsyncStream` ticker; `clock.sleep(until:)`")
    public static let signalSource = CodeShape(
        "DispatchSource.makeSignalSource", swift: [".makeSignalSource", "DispatchSourceSignal"],
        objc: ["DISPATCH_SOURCE_TYPE_SIGNAL", "dispatch_source_create(DISPATCH_SOURCE_TYPE_SIGNAL)"], modern: "an `AsyncStream` fed by the source")
    public static let readWriteSource = CodeShape(
        "DispatchSource.makeReadSource", swift: [".makeReadSource", "DispatchSourceRead"],
        objc: ["DISPATCH_SOURCE_TYPE_READ", "dispatch_source_create(DISPATCH_SOURCE_TYPE_READ)"], modern: "an `AsyncStream` fed by the source")
    public static let writeSource = CodeShape(
        "DispatchSource.makeWriteSource", swift: [".makeWriteSource", "DispatchSourceWrite"],
        objc: ["DISPATCH_SOURCE_TYPE_WRITE", "dispatch_source_create(DISPATCH_SOURCE_TYPE_WRITE)"], modern: "`write(_:) async throws` that suspends at `EAGAIN`")
    public static let processSource = CodeShape(
        "DispatchSource.makeProcessSource", swift: [".makeProcessSource", "DispatchSourceProcess"],
        objc: ["DISPATCH_SOURCE_TYPE_PROC", "dispatch_source_create(DISPATCH_SOURCE_TYPE_PROC)"], modern: "`Process.terminationHandler` bridged with a continuation")
    public static let processTerminationHandler = CodeShape(
        "Process.terminationHandler", swift: ["Process.terminationHandler"],
        objc: ["NSTask.terminationHandler"], modern: "a continuation the handler resumes once")
    /// A blocking wait for a child process, with no time limit of its own.
    public static let processWaitUntilExit = CodeShape(
        "Process.waitUntilExit", swift: ["Process.waitUntilExit"], objc: ["NSTask.waitUntilExit"],
        modern: "a continuation `terminationHandler` resumes; for a limit, `withTimeout`, whose cancel terminates it")
    public static let fileSystemSource = CodeShape(
        "DispatchSource.makeFileSystemObjectSource",
        swift: [".makeFileSystemObjectSource", "DispatchSourceFileSystemObject"],
        objc: ["DISPATCH_SOURCE_TYPE_VNODE", "dispatch_source_create(DISPATCH_SOURCE_TYPE_VNODE)"], modern: "an `AsyncStream` of directory events")
    public static let memoryPressureSource = CodeShape(
        "DispatchSource.makeMemoryPressureSource", swift: [".makeMemoryPressureSource"],
        objc: ["DISPATCH_SOURCE_TYPE_MEMORYPRESSURE", "dispatch_source_create(DISPATCH_SOURCE_TYPE_MEMORYPRESSURE)"], modern: "an `AsyncStream` of pressure events")
    public static let sourceHandlers = CodeShape(
        "DispatchSource.setEventHandler",
        swift: [
            "DispatchSource.setEventHandler", "DispatchSourceTimer.setEventHandler",
            "DispatchSourceTimer.schedule", "DispatchSource.schedule", "DispatchSource.resume",
            "DispatchSourceTimer.resume", "DispatchSource.cancel", "DispatchSourceTimer.cancel", ".setEventHandler",
            ".setCancelHandler",
        ],
        objc: [
            "dispatch_source_set_event_handler", "dispatch_source_set_cancel_handler", "dispatch_resume",
            "dispatch_source_cancel", "dispatch_source_create", "dispatch_source_*",
        ],
        modern: "`for await`; `onTermination`; task cancellation")
    /// A `@preconcurrency` conformance: a main-actor type that an SDK may call off the main actor,
    /// checked at run time (`delegate-conformance-isolation`). `scan` skips `@preconcurrency import`. Swift only; the
    /// Objective-C pattern lets the index's `@` spelling be read as the `@synchronized` row is.
    public static let preconcurrency = CodeShape(
        "@preconcurrency", swift: ["@preconcurrency"], objc: ["@preconcurrency"],
        modern: "`nonisolated` witnesses that hop to the main actor",
        hazard: "a conformance's witnesses trap when the SDK calls them off the main actor")
    /// A C-style completion handler run on the queue the caller names (`callback-isolation-trap`).
    public static let dispatchIORead = CodeShape(
        "DispatchIO.read", swift: ["DispatchIO.read"], objc: ["dispatch_read"],
        modern: "a `@concurrent` function that awaits the callback through a continuation")
    public static let dispatchIO = CodeShape(
        "DispatchIO", swift: ["DispatchIO"],
        objc: ["dispatch_io_*", "dispatch_read", "dispatch_write"],
        modern: "an `AsyncThrowingStream` of chunks; `FileHandle` reads in a task")
    public static let blockingFileCall = CodeShape(
        "Data(contentsOf:)",
        swift: [
            "Data(contentsOf)", "FileHandle.readDataToEndOfFile", "FileHandle.readToEnd",
            "FileHandle.synchronizeFile", "FileHandle.synchronize", "fsync", "fread",
        ],
        objc: [".dataWithContentsOfFile", ".dataWithContentsOfURL", "fsync", "fread", ".readDataToEndOfFile"],
        modern: "the call on a task executor of its own (`withTaskExecutorPreference`), not on the cooperative pool",
        home: "blocking-io-executor")

    // MARK: Operations

    public static let operationQueue = CodeShape(
        "OperationQueue", swift: ["OperationQueue"], objc: ["NSOperationQueue"],
        modern: "a task group, `async let`, `Task`", home: "operation-queue-async")
    public static let mainOperationQueue = CodeShape(
        "OperationQueue.main", swift: ["OperationQueue.main"], objc: ["NSOperationQueue.mainQueue"],
        modern: "`Task { @MainActor in }`, `MainActor.run`")
    public static let addOperation = CodeShape(
        "OperationQueue.addOperation",
        swift: [".addOperation", ".addOperations", "OperationQueue.main.addOperation"],
        objc: [
            ".addOperation", ".addOperationWithBlock", ".addOperations",
            "NSOperationQueue.addOperations", "NSOperationQueue.mainQueue.addOperationWithBlock",
        ],
        modern: "a child task, `Task {}`", home: "operation-queue-async")
    public static let operation = CodeShape(
        "Operation", swift: ["Operation"], objc: ["NSOperation"], modern: "an async function")
    public static let blockOperation = CodeShape(
        "BlockOperation", swift: ["BlockOperation"], objc: ["NSBlockOperation"],
        modern: "an async function, a child task")
    public static let addDependency = CodeShape(
        "Operation.addDependency",
        swift: [".addDependency"],
        objc: [".addDependency"],
        modern: "sequential awaits, an `async let` DAG",
        home: "operation-dependencies")
    public static let maxConcurrentOperationCount = CodeShape(
        "OperationQueue.maxConcurrentOperationCount", swift: [".maxConcurrentOperationCount"],
        objc: [".maxConcurrentOperationCount", ".setMaxConcurrentOperationCount"],
        modern: "a sliding-window task group")
    public static let operationQueueSuspended = CodeShape(
        "OperationQueue.isSuspended", swift: ["OperationQueue.isSuspended", ".isSuspended"],
        objc: [".isSuspended", ".setSuspended"],
        modern: "an actor-owned job list; one consumer awaits a resume signal")
    public static let operationCancel = CodeShape(
        "Operation.cancel",
        swift: ["Operation.cancel", "BlockOperation.cancel", ".cancelAllOperations"],
        objc: ["NSOperation.cancel", "NSBlockOperation.cancel", ".cancelAllOperations"],
        modern: "`Task.cancel()`, `Task.isCancelled`", home: "operation-cancellation")
    public static let waitUntilFinished = CodeShape(
        "OperationQueue.waitUntilAllOperationsAreFinished",
        swift: [".waitUntilAllOperationsAreFinished", ".addOperations(waitUntilFinished)"],
        objc: [".waitUntilAllOperationsAreFinished"], modern: "`await`")
    public static let operationStart = CodeShape(
        "Operation.start", swift: ["Operation.start", "BlockOperation.start"],
        objc: ["NSOperation.start", "NSBlockOperation.start"],
        modern: "`await` the work (`@concurrent` to leave the caller's actor)",
        hazard: "runs the operation on the calling thread and blocks it until the work is done")

    // MARK: Threads

    /// A hand-written `poll`/`select`/`kqueue`/`epoll` loop, found by its descriptor sets rather
    /// than by the call's name (an app's own `poll()` method is not one).
    public static let pollLoop = CodeShape(
        "poll / select / kevent / epoll_wait loop",
        swift: ["pollfd", "fd_set", "FD_SET", "kevent", "kqueue", "epoll_wait", "epoll_ctl", "epoll_create1"],
        objc: ["pollfd", "fd_set", "FD_SET", "kevent", "kqueue", "epoll_wait", "epoll_ctl", "epoll_create1"],
        modern: "the loop's thread as a `SerialExecutor` for an actor; registrations and timers as async calls",
        home: "event-loop-thread")
    public static let thread = CodeShape(
        "Thread", swift: ["Thread"], objc: ["NSThread"], modern: "`Task {}`, `Task.detached`")
    public static let detachNewThread = CodeShape(
        "Thread.detachNewThread", swift: [".detachNewThread", ".detachNewThreadSelector"],
        objc: [".detachNewThreadSelector", ".detachNewThreadWithBlock"],
        modern: "`Task.detached`, `@concurrent` functions")
    public static let performSelectorInBackground = CodeShape(
        "performSelector(inBackground:)", swift: [".performSelector(inBackground)", ".performSelectorInBackground"],
        objc: [".performSelectorInBackground"], modern: "`Task.detached`")
    public static let performSelectorOnMainThread = CodeShape(
        "performSelector(onMainThread:)", swift: [".performSelector(onMainThread)", ".performSelectorOnMainThread"],
        objc: [".performSelectorOnMainThread"], modern: "`await MainActor.run`, a `@MainActor` function")
    public static let performOnThread = CodeShape(
        "perform(_:on:with:waitUntilDone:)", swift: [".perform(waitUntilDone)"],
        objc: [".performSelector(onThread)"],
        modern: "an actor whose `unownedExecutor` is that thread")
    public static let threadSleep = CodeShape(
        "Thread.sleep", swift: ["Thread.sleep", "usleep"], objc: ["NSThread.sleepForTimeInterval", "usleep"],
        modern: "`Task.sleep(for:)`",
        home: "thread-exit")
    public static let threadCancel = CodeShape(
        "Thread.cancel", swift: ["Thread.cancel", "Thread.current.isCancelled", "Thread.isCancelled"],
        objc: ["NSThread.cancel", "NSThread.currentThread.isCancelled", "NSThread.isCancelled"],
        modern: "`task.cancel()`, `Task.isCancelled`; `Task.sleep` throws when cancelled")
    public static let threadDictionary = CodeShape(
        "Thread.threadDictionary", swift: [".threadDictionary"],
        objc: [".threadDictionary"], modern: "`@TaskLocal`")
    public static let threadExit = CodeShape(
        "Thread.exit", swift: ["Thread.exit"], objc: ["NSThread.exit"],
        modern: "return from the task (no forced exit)")
    public static let isMainThread = CodeShape(
        "Thread.isMainThread", swift: ["Thread.isMainThread", "Thread.current.isMainThread"],
        objc: ["NSThread.isMainThread"], modern: "`MainActor.assertIsolated()`")
    public static let threadPriority = CodeShape(
        "Thread.qualityOfService",
        swift: [
            "Thread.qualityOfService", "Thread.current.qualityOfService", "Thread.threadPriority",
            "Thread.setThreadPriority", "pthread_setschedparam",
        ],
        objc: ["NSThread.setThreadPriority", ".setThreadPriority", ".threadPriority", "pthread_setschedparam"],
        modern: "`Task(priority:)`, a hint that children inherit")
    public static let runLoopSource = CodeShape(
        "CFRunLoopSource",
        swift: ["CFRunLoopSourceCreate", "CFRunLoopAddSource", "CFRunLoopSourceSignal", "CFRunLoopWakeUp"],
        objc: ["CFRunLoopSourceCreate", "CFRunLoopAddSource", "CFRunLoopSourceSignal", "CFRunLoopWakeUp"],
        modern: "a thread that hosts it and forwards each callback into an `AsyncStream`")
    public static let pthreadCreate = CodeShape(
        "pthread_create", swift: ["pthread_create", "pthread_join"],
        objc: ["pthread_create", "pthread_join", "pthread_detach"],
        modern: "a `Task` and `await task.value`")
    public static let pthread = CodeShape(
        "pthread_*", swift: ["pthread_*"], objc: ["pthread_*"], modern: "a `Task`, `@TaskLocal`, `Mutex`")

    // MARK: Locks

    public static let nsLock = CodeShape(
        "NSLock", swift: ["NSLock"], objc: ["NSLock"], modern: "`Mutex`, an actor")
    public static let nsLockLock = CodeShape(
        "NSLock.lock", swift: ["NSLock.lock", "NSLock.unlock", "NSLock.withLock", "NSLock.try"],
        objc: ["NSLock.lock", "NSLock.unlock", "NSLock.tryLock"], modern: "`Mutex.withLock`")
    public static let recursiveLock = CodeShape(
        "NSRecursiveLock", swift: ["NSRecursiveLock"], objc: ["NSRecursiveLock"],
        modern: "restructure, then `Mutex` locked once at the entry")
    public static let recursiveLockLock = CodeShape(
        "NSRecursiveLock.lock",
        swift: [
            "NSRecursiveLock.lock", "NSRecursiveLock.unlock", "NSRecursiveLock.withLock", "NSRecursiveLock.try",
        ],
        objc: ["NSRecursiveLock.lock", "NSRecursiveLock.unlock", "NSRecursiveLock.tryLock"],
        modern: "`Mutex.withLock`, once, at the entry")
    public static let condition = CodeShape(
        "NSCondition", swift: ["NSCondition"], objc: ["NSCondition"],
        modern: "actor state with waiting continuations",
        home: "ticket-sale-condition")
    public static let conditionLock = CodeShape(
        "NSConditionLock", swift: ["NSConditionLock"], objc: ["NSConditionLock"],
        modern: "an actor state machine with continuations",
        home: "condition-lock-alternation")
    public static let unfairLock = CodeShape(
        "os_unfair_lock", swift: ["os_unfair_lock", "os_unfair_lock*"],
        objc: ["os_unfair_lock", "os_unfair_lock*", "OS_UNFAIR_LOCK_INIT"], modern: "`Mutex`")
    /// `OSSpinLock`, deprecated since iOS 10 and macOS 10.12 for priority inversion: its successor
    /// is `os_unfair_lock`, and the guide's answer for both is `Mutex` (`lock-zoo`).
    public static let osSpinLock = CodeShape(
        "OSSpinLock", swift: ["OSSpinLock", "OSSpinLock*", "OS_SPINLOCK_INIT"],
        objc: ["OSSpinLock", "OSSpinLock*", "OS_SPINLOCK_INIT"], modern: "`Mutex`")
    /// The lock the guide recommends below `Mutex`'s OS versions (`lock-zoo`): found so that the
    /// page that recommends it is named, never reported as a lock to replace.
    public static let allocatedUnfairLock = CodeShape(
        "OSAllocatedUnfairLock", swift: ["OSAllocatedUnfairLock"], objc: ["OSAllocatedUnfairLock"],
        modern: "keep it where the app supports OSes older than iOS 18 / macOS 15; `Mutex` from those on")
    public static let synchronized = CodeShape(
        "@synchronized", swift: ["objc_sync_enter", "objc_sync_exit"],
        objc: ["@synchronized", "objc_sync_enter", "objc_sync_exit"], modern: "`Mutex.withLock`, an actor")
    public static let osAtomic = CodeShape(
        "OSAtomic*", swift: ["OSAtomic*", "OSMemoryBarrier"], objc: ["OSAtomic*", "OSMemoryBarrier"],
        modern: "`Atomic` (Synchronization)")
    public static let nsLockBefore = CodeShape(
        "NSLock.lock(before:)", swift: ["NSLock.lock(before)", ".lock(before)"],
        objc: ["NSLock.lockBeforeDate", ".lockBeforeDate"],
        modern: "one `Mutex` or actor over all the state: no second lock to time out")
    public static let nonisolatedUnsafe = CodeShape(
        "nonisolated(unsafe)", swift: ["nonisolated(unsafe)"],
        modern: "a `Mutex` or an actor around the state",
        hazard: "switches off data-race checking: shared mutable state with no protection the compiler can see")
    public static let pthreadMutex = CodeShape(
        "pthread_mutex_*", swift: ["pthread_mutex_*"], objc: ["pthread_mutex_*"], modern: "`Mutex`")
    public static let pthreadRWLock = CodeShape(
        "pthread_rwlock_*", swift: ["pthread_rwlock_*"], objc: ["pthread_rwlock_*"],
        modern: "an immutable snapshot swapped in a `Mutex`; an actor")

    // MARK: Run loops and timers

    public static let scheduledTimer = CodeShape(
        "Timer.scheduledTimer", swift: [".scheduledTimer"],
        objc: [".scheduledTimerWithTimeInterval"], modern: "an `AsyncStream` ticker; a `Task.sleep` loop")
    /// A timer that fires once (`repeats: false`): a one-shot timer or a debounce, not a ticker.
    public static let scheduledTimerOnce = CodeShape(
        "Timer.scheduledTimer(repeats: false)", swift: [".scheduledTimer(false)"],
        objc: [".scheduledTimerWithTimeInterval(NO)"], modern: "a task that sleeps once, then fires; cancel it to stop",
        home: "one-shot-timer")
    public static let timer = CodeShape(
        "Timer", swift: ["Timer"], objc: ["NSTimer"], modern: "a task that sleeps to a deadline")
    public static let unscheduledTimer = CodeShape(
        "Timer(timeInterval:)", swift: ["Timer(timeInterval)", "Timer.init"], objc: ["NSTimer.timerWithTimeInterval"],
        modern: "a ticker started lazily")
    /// A timer built for a date: most often a time of day, which a run-loop timer keeps only until
    /// the clock changes.
    public static let timerFireAt = CodeShape(
        "Timer(fire:)", swift: ["Timer(fire)", "Timer(fireAt)"],
        objc: ["NSTimer.alloc.initWithFireDate", ".initWithFireDate"],
        modern: "a task that sleeps on `ContinuousClock` until the date and starts over on clock changes",
        home: "fire-at-date")
    /// What a timer armed for a date must hear to stay on time.
    public static let clockChangeNotification = CodeShape(
        "NSSystemClockDidChange",
        swift: [
            ".NSSystemClockDidChange", "Notification.Name.NSSystemClockDidChange", ".significantTimeChangeNotification",
            "UIApplication.significantTimeChangeNotification",
            "NotificationCenter.default.addObserver(NSSystemClockDidChange)",
            "NotificationCenter.default.addObserver(significantTimeChangeNotification)",
        ],
        objc: [
            "NSSystemClockDidChangeNotification", "UIApplicationSignificantTimeChangeNotification", "NSSystemClockDidChange",
            "NSNotificationCenter.defaultCenter.addObserver(NSSystemClockDidChangeNotification)",
            "NSNotificationCenter.defaultCenter.addObserver(UIApplicationSignificantTimeChangeNotification)",
        ],
        modern: "a restart of the loop that sleeps until the date: it reads the clock again", home: "fire-at-date")
    /// A timer's next fire date, read or moved; moved on every event, it is a debounce.
    public static let timerFireDate = CodeShape(
        "Timer.fireDate", swift: ["Timer.fireDate", ".fireDate"], objc: ["NSTimer.fireDate", ".setFireDate"],
        modern: "the deadline a task sleeps to; to debounce, cancel and replace a sleeping `Task`")
    public static let runLoopTimer = CodeShape(
        "CFRunLoopTimerCreate", swift: ["CFRunLoopTimerCreateWithHandler", "CFRunLoopTimerCreate"],
        objc: ["CFRunLoopTimerCreateWithHandler", "CFRunLoopTimerCreate"],
        modern: "an `AsyncStream` ticker that sleeps to deadlines")
    public static let timerInvalidate = CodeShape(
        "Timer.invalidate", swift: ["Timer.invalidate", "Timer.isValid"], objc: ["NSTimer.invalidate"],
        modern: "`task.cancel()`; `break` out of `for await`")
    public static let runLoop = CodeShape(
        "RunLoop", swift: ["RunLoop"], objc: ["NSRunLoop", "CFRunLoop*"], modern: "a task; an actor")
    public static let runLoopRun = CodeShape(
        "RunLoop.run",
        swift: ["RunLoop.run", "RunLoop.current.run", "RunLoop.main.run", "CFRunLoopRun"],
        objc: [
            "NSRunLoop.currentRunLoop.run", "NSRunLoop.currentRunLoop.runMode", "NSRunLoop.currentRunLoop.runUntilDate",
            "NSRunLoop.mainRunLoop.run", "CFRunLoopRun",
        ],
        modern: "a long-lived task consuming an `AsyncStream`")
    public static let runLoopAdd = CodeShape(
        "RunLoop.add(_:forMode:)",
        swift: ["RunLoop.add", "RunLoop.current.add", "RunLoop.main.add", "RunLoop.Mode.common"],
        objc: [
            "NSRunLoop.currentRunLoop.addTimer", "NSRunLoop.mainRunLoop.addTimer", "NSRunLoop.addTimer",
            "NSRunLoopCommonModes", "kCFRunLoopCommonModes",
        ],
        modern: "a ticker started lazily; on the main actor it runs in every common mode")
    public static let runLoopPerform = CodeShape(
        "RunLoop.perform", swift: ["RunLoop.perform", "RunLoop.current.perform", "RunLoop.main.perform"],
        objc: ["NSRunLoop.performBlock", "NSRunLoop.currentRunLoop.performBlock", "CFRunLoopPerformBlock"],
        modern: "an actor call")
    public static let displayLink = CodeShape(
        "CADisplayLink", swift: ["CADisplayLink"], objc: ["CADisplayLink"],
        modern: "a frame-paced `AsyncStream` (guide note)")

    // MARK: Callbacks that become streams

    public static let notificationObserver = CodeShape(
        "NotificationCenter.addObserver",
        swift: [
            "NotificationCenter.default.addObserver", "NotificationCenter.addObserver", ".addObserver(forName)",
            ".addObserver(selector)",
        ],
        objc: [
            "NSNotificationCenter.defaultCenter.addObserver", "NSNotificationCenter.addObserver", ".addObserverForName",
            "NSNotificationCenter",
        ],
        modern: "`NotificationCenter.notifications(named:)`, an `AsyncStream`")
    /// The end of an observation: the stream's `onTermination` (or the end of its task) instead.
    public static let notificationRemoveObserver = CodeShape(
        "NotificationCenter.removeObserver",
        swift: ["NotificationCenter.default.removeObserver", "NotificationCenter.removeObserver"],
        objc: ["NSNotificationCenter.defaultCenter.removeObserver", "NSNotificationCenter.removeObserver"],
        modern: "end the task that iterates `notifications(named:)`; `onTermination` removes the observer")
    public static let notificationPost = CodeShape(
        "NotificationCenter.post", swift: ["NotificationCenter.default.post", "NotificationCenter.post"],
        objc: ["NSNotificationCenter.defaultCenter.postNotificationName", "NSNotificationCenter.postNotificationName"],
        modern: "an `AsyncStream` of events")
    public static let progressObservation = CodeShape(
        "KVO on Progress",
        swift: [
            "Progress.observe", "Progress.observe(\\)", "Progress.addObserver", ".fractionCompleted",
            ".observe(\\ fractionCompleted)", ".observe(\\ completedUnitCount)",
        ],
        objc: ["NSProgress.addObserver"], modern: "an `AsyncStream` of progress")
    /// Key-value observation of anything but a `Progress`: a model's state, most often.
    public static let keyValueObservation = CodeShape(
        "KVO",
        swift: [
            "NSKeyValueObservation", "observeValue", ".addObserver(forKeyPath)", ".observe(\\)",
            ".removeObserver(forKeyPath)",
        ],
        objc: ["NSKeyValueObservation", "observeValueForKeyPath", ".addObserver(forKeyPath)", ".removeObserver(forKeyPath)"],
        modern: "an `AsyncStream` of changes; `@Observable` and `Observations` for a model", home: "observe-state-changes")
    public static let callbackNetworking = CodeShape(
        "URLSession.dataTask",
        swift: [
            "URLSession.dataTask", "URLSession.shared.dataTask", ".dataTask", "URLSessionDataDelegate",
            "NSURLConnection",
        ],
        objc: [
            "NSURLConnection", ".sendSynchronousRequest", ".dataTaskWithURL", ".dataTaskWithRequest",
            "NSURLSessionDataDelegate",
        ],
        modern: "`URLSession.data(for:)`; an `async` wrapper over the callback",
        home: "urlsession-data-task")
    public static let operationInternals = CodeShape(
        "Operation state", swift: ["removeDependency", ".completionBlock", "Operation.isCancelled"],
        objc: [".removeDependency", ".completionBlock", ".setCompletionBlock"],
        modern: "code after the `await`; `Task.isCancelled`")
    public static let invocationOperation = CodeShape(
        "NSInvocationOperation", swift: ["NSInvocationOperation"], objc: ["NSInvocationOperation"],
        modern: "a plain `await` call")
    public static let invocation = CodeShape(
        "NSInvocation", swift: ["NSInvocation", "NSMethodSignature"], objc: ["NSInvocation", "NSMethodSignature"],
        modern: "a closure")
    public static let distributedLock = CodeShape(
        "NSDistributedLock", swift: ["NSDistributedLock", "flock"], objc: ["NSDistributedLock", "flock"],
        modern: "`flock` on a thread of its own, awaited")
    public static let performAfterDelay = CodeShape(
        "perform(_:with:afterDelay:)", swift: ["perform(afterDelay)", ".perform(afterDelay)"], objc: [".performSelector(afterDelay)"],
        modern: "`Task.sleep(for:)`, then the call")
    public static let cancelPreviousPerformRequests = CodeShape(
        "NSObject.cancelPreviousPerformRequests",
        swift: ["NSObject.cancelPreviousPerformRequests", ".cancelPreviousPerformRequests"],
        objc: ["NSObject.cancelPreviousPerformRequestsWithTarget", ".cancelPreviousPerformRequestsWithTarget"],
        modern: "keep the `Task` and `cancel()` it; cancel and replace it to debounce")
    /// Apple-only APIs that give work a little time before the app is suspended.
    public static let backgroundTask = CodeShape(
        "beginBackgroundTask / performExpiringActivity",
        swift: [
            "UIApplication.shared.beginBackgroundTask", ".beginBackgroundTask", ".endBackgroundTask",
            "ProcessInfo.processInfo.performExpiringActivity", ".performExpiringActivity",
        ],
        objc: [
            ".beginBackgroundTaskWithExpirationHandler", ".beginBackgroundTaskWithName", ".endBackgroundTask",
            ".performExpiringActivityWithReason",
        ],
        modern: "keep the work in a `Task` and cancel it when time runs out; no async replacement")
    /// FSEvents, macOS only: a directory tree's changes, delivered to a callback.
    public static let fsEvents = CodeShape(
        "FSEventStreamCreate",
        swift: [
            "FSEventStreamCreate", "FSEventStreamSetDispatchQueue", "FSEventStreamScheduleWithRunLoop",
            "FSEventStreamStart",
        ],
        objc: [
            "FSEventStreamCreate", "FSEventStreamSetDispatchQueue", "FSEventStreamScheduleWithRunLoop",
            "FSEventStreamStart",
        ],
        modern: "an `AsyncStream` fed by the stream's callback")
    public static let threadSafeReference = CodeShape(
        "ThreadSafeReference", swift: ["ThreadSafeReference"],
        objc: ["RLMThreadSafeReference"],
        modern: "a `sending` value, or an ID, passed to an actor")
    public static let managedObjectContextPerform = CodeShape(
        "NSManagedObjectContext.performBlock",
        swift: [
            ".performAndWait", ".perform", "NSManagedObjectContext.perform", "NSManagedObjectContext.performAndWait",
            ".performBackgroundTask",
        ],
        objc: [".performBlock", ".performBlockAndWait", ".performBackgroundTask"], modern: "`perform(_:) async`")
    /// A CloudKit operation or database call that reports through completion blocks.
    public static let cloudKitOperation = CodeShape(
        "CKOperation",
        swift: [
            "CKQueryOperation", "CKModifyRecordsOperation", "CKFetchRecordsOperation", "CKDatabase.fetch",
            "CKDatabase.save", "CKDatabase.perform",
        ],
        objc: [
            "CKQueryOperation", "CKModifyRecordsOperation", "CKFetchRecordsOperation", "CKDatabase.fetchRecordWithID",
            "CKDatabase.saveRecord", "CKDatabase.performQuery",
        ],
        modern: "the database's `async` methods; one continuation resumed from an operation's final block")

    // MARK: Combine

    public static let published = CodeShape(
        "@Published (Combine)", swift: ["@Published", "Published"], modern: "`@Observable` and `Observations`")
    public static let observableObject = CodeShape(
        "ObservableObject (Combine)", swift: ["ObservableObject"], modern: "an `@Observable` class")
    public static let currentValueSubject = CodeShape(
        "CurrentValueSubject (Combine)", swift: ["CurrentValueSubject"],
        modern: "an `@Observable` property and `Observations`")
    /// A Combine pipeline that ends in a subscriber (`sink`), or hops with `receive(on:)`.
    public static let combineSink = CodeShape(
        "Combine sink", swift: [".sink", ".receive(on)"],
        modern: "a `for await` loop over an `AsyncSequence` in a task; cancel the task")

    // MARK: Tests, and shapes only a guide note is about

    /// An XCTest expectation and its wait: a test of callback code.
    public static let testExpectation = CodeShape(
        "XCTestExpectation",
        swift: ["XCTestExpectation", "expectation(description)", "waitForExpectations", "wait(for timeout)", "XCTWaiter"],
        objc: ["XCTestExpectation", ".expectationWithDescription", ".waitForExpectationsWithTimeout", "XCTWaiter"],
        modern: "an `async` test that awaits the work; `confirmation(expectedCount:)` to count callbacks")
    /// Cocoa's multithreaded mode, checked or forced before the first POSIX thread.
    public static let multithreadedMode = CodeShape(
        "Thread.isMultiThreaded", swift: ["Thread.isMultiThreaded"], objc: ["NSThread.isMultiThreaded"],
        modern: "nothing: Swift concurrency needs no mode switch")
    /// The Carbon Multiprocessing Services.
    public static let multiprocessingServices = CodeShape(
        "MPCreateTask", swift: ["MPCreateTask", "MPCreateQueue"], objc: ["MPCreateTask", "MPCreateQueue"],
        modern: "POSIX threads, then tasks")

    // MARK: Blocks and closures

    public static let completionHandler = CodeShape(
        "completionHandler:", swift: ["completionHandler", ".completionHandler"],
        objc: ["completionHandler", ".completionHandler"],
        modern: "an `async` function; a completion-handler shim over it for callers not yet migrated")
    public static let completionQueue = CodeShape(
        "completionQueue: (the caller's queue for completions)", swift: ["completionQueue", ".completionQueue"],
        objc: ["completionQueue", ".completionQueue"],
        modern: "the caller awaits; a shim that keeps submission order yields into an `AsyncStream`",
        home: "ordered-async-writes")
    public static let pendingCompletions = CodeShape(
        "completions kept by request id (pendingRequests[id])",
        swift: ["pendingRequests", "pendingCompletions", "ackHandlers", "replyHandlers", "pendingRead"],
        objc: ["pendingRequests", "pendingCompletions", "ackHandlers", "replyHandlers", "pendingRead"],
        modern: "a `Mutex` of continuations by id, resumed by the reply, inside `withTimeout`",
        home: "pending-replies")
    public static let blockEnumeration = CodeShape(
        "enumerateObjects (a Foundation method that takes a block)",
        swift: ["NSSet.enumerateObjects", "NSArray.enumerateObjects", ".enumerateObjects", ".enumerateKeysAndObjects"],
        objc: [".enumerateObjectsUsingBlock", ".enumerateObjectsWithOptions", ".enumerateKeysAndObjectsUsingBlock"],
        modern: "`contains(where:)`, `first(where:)`, a `for` loop with `break`: the result is returned")
    public static let benchmarkTiming = CodeShape(
        "dispatch_benchmark, uptimeNanoseconds timing",
        swift: [
            "DispatchTime.now.uptimeNanoseconds", ".uptimeNanoseconds", "dispatch_benchmark", "mach_absolute_time",
        ],
        objc: ["dispatch_benchmark", "mach_absolute_time"], modern: "`ContinuousClock().measure {}`")
}
