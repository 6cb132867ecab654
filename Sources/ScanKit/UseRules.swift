import RecipeKit

/// The APIs and words that `MatchState` and `UseRules` read a use by, looked up once per scanner.
final class UseWords: Sendable {
    let queueAsync: Int32
    let queueSync: Int32
    let mainAsync: Int32
    let mainSync: Int32
    let barrierAsync: Int32
    let barrierSync: Int32
    let serialQueue: Set<Int32>
    let concurrentQueue: Int32
    /// `DispatchQueue.global(qos:)` kept in a variable or property.
    let globalQueue: Int32
    let semaphore: Int32
    let semaphoreForCallback: Int32
    let semaphoreAsLock: Int32
    let semaphoreUses: Set<Int32>
    let semaphoreSignal: Int32
    let group: Int32
    let groupEnter: Int32
    let groupLeave: Int32
    let groupWait: Int32
    let isMainThread: Int32
    let asyncAfter: Int32
    let dispatchTime: Int32
    let workItem: Int32
    let workItemCancel: Int32
    let performAfterDelay: Int32
    let cancelPrevious: Int32
    let timerInvalidate: Int32
    let scheduledTimerOnce: Int32
    let sourceCreations: Set<Int32>
    let timerSource: Int32
    let sourceHandlers: Int32
    let blockingFileCall: Int32
    let notificationPost: Int32
    let nonisolatedUnsafe: Int32
    let groupNotifyGlobal: Int32
    let operationStart: Int32
    let operationAdd: Int32
    let progressObservation: Int32
    let preconcurrency: Int32
    let coreDataPerform: Int32
    let testExpectation: Int32
    let completionTwice: Int32
    /// A parameter or argument named `completionHandler`.
    let completionHandler: Int32
    let synchronized: Int32
    /// `Operation state`: `completionBlock`, `removeDependency`, `Operation.isCancelled`.
    let operationInternals: Int32
    /// `completionBlock` and `setCompletionBlock`: an operation's only when its receiver is one.
    let completionBlockWords: WordSet
    /// Queues an API's caller chooses for its callbacks (`delegateQueue`, `completionQueue`): a
    /// block sent there delivers a result, `async-api-completion-queue`'s subject.
    let callbackQueues: WordSet
    let setCompletionBlockWord = ShapeTable.hash("setCompletionBlock")
    let queueSuspend: Int32
    let thread: Int32
    /// `NSCondition`, which a kept worker thread waits on between frames.
    let condition: Int32
    /// A `poll`/`select`/`kqueue`/`epoll` loop's descriptor set.
    let pollLoop: Int32
    let mainQueue: Int32
    let threadSleep: Int32
    let workItemWait: Int32
    /// `NSLock`, its `lock`/`unlock`/`withLock`, `pthread_mutex_*`.
    let locks: Set<Int32>
    let runLoop: Int32
    let runLoopAdd: Int32
    let runLoopSource: Int32
    let runLoopRun: Int32
    let scheduledTimer: Int32
    /// Run-loop modes: an argument of the call they are passed to, not a call of their own.
    let runLoopModes: WordSet
    /// The blocking waits whose arguments may ask for no wait.
    let waits: Set<Int32>
    /// Creations whose finding is named by the variable they are assigned to.
    let creations: Set<Int32>

    /// `DispatchQueue.global(…)` and `dispatch_get_global_queue(…)` as a call's receiver.
    let globalQueues: WordSet
    /// The main queue as a receiver: `DispatchQueue.main`, `OperationQueue.main`, `[NSOperationQueue
    /// mainQueue]`, `dispatch_get_main_queue()`.
    let mainQueues: WordSet
    /// Members that only reach a shared or current instance (`[NSNotificationCenter defaultCenter]`,
    /// `RunLoop.main`): the type's name before them is not a use of its own.
    let instanceGetters: WordSet
    let superWord = ShapeTable.hash("super")
    let funcWord = ShapeTable.hash("func")
    let loopWords = WordSet(["for", "while", "repeat", "do"].map(ShapeTable.hash))
    let typeDeclarers = WordSet(["class", "struct", "enum", "extension", "actor", "protocol"].map(ShapeTable.hash))
    let classHeaders = WordSet(["@implementation", "@interface", "@protocol"].map(ShapeTable.hash))
    let castWords = WordSet(["as", "is"].map(ShapeTable.hash))
    let perform = WordSet(["perform", "performAndWait"].map(ShapeTable.hash))
    let performWord = ShapeTable.hash("perform")
    let returnWords = WordSet(["return", "throw"].map(ShapeTable.hash))
    let caseWords = WordSet(["case", "default"].map(ShapeTable.hash))
    /// Words that go on an `if` or a `do` with another branch.
    let elseWords = WordSet(["else", "catch"].map(ShapeTable.hash))
    /// Words that bind a name: `let`, `var`.
    let bindings = WordSet(["let", "var"].map(ShapeTable.hash))
    let selfWord = ShapeTable.hash("self")
    /// `\` in a call's arguments: a key path (`observe(\.status)`).
    let keyPath: Int32?

    init(table: ShapeTable) {
        var index: [String: Int32] = [:]
        for (offset, api) in table.apis.enumerated() where index[api.name] == nil { index[api.name] = Int32(offset) }
        func api(_ shape: CodeShape) -> Int32 { index[shape.api] ?? -1 }
        queueAsync = api(.queueAsync)
        queueSync = api(.queueSync)
        mainAsync = api(.mainAsync)
        mainSync = api(.mainSync)
        barrierAsync = api(.barrier)
        barrierSync = api(.barrierSync)
        serialQueue = [api(.dispatchQueueLabel), api(.backgroundQueue)]
        concurrentQueue = api(.concurrentQueue)
        globalQueue = api(.globalQueue)
        semaphore = api(.semaphore)
        semaphoreForCallback = api(.semaphoreAsSignal)
        semaphoreAsLock = api(.semaphoreAsLock)
        semaphoreUses = [api(.semaphoreWait), api(.semaphoreSignal)]
        semaphoreSignal = api(.semaphoreSignal)
        group = api(.dispatchGroup)
        groupEnter = api(.groupEnter)
        groupLeave = api(.groupLeave)
        groupWait = api(.groupWait)
        isMainThread = api(.isMainThread)
        asyncAfter = api(.asyncAfter)
        dispatchTime = api(.dispatchTime)
        workItem = api(.workItem)
        workItemCancel = api(.workItemCancel)
        performAfterDelay = api(.performAfterDelay)
        cancelPrevious = api(.cancelPreviousPerformRequests)
        timerInvalidate = api(.timerInvalidate)
        scheduledTimerOnce = api(.scheduledTimerOnce)
        sourceCreations = Set(
            [
                CodeShape.timerSource, .signalSource, .readWriteSource, .writeSource, .processSource,
                .fileSystemSource, .memoryPressureSource,
            ].map(api))
        sourceHandlers = api(.sourceHandlers)
        timerSource = api(.timerSource)
        blockingFileCall = api(.blockingFileCall)
        notificationPost = api(.notificationPost)
        nonisolatedUnsafe = api(.nonisolatedUnsafe)
        groupNotifyGlobal = api(.groupNotifyGlobal)
        operationStart = api(.operationStart)
        operationAdd = api(.addOperation)
        progressObservation = api(.progressObservation)
        preconcurrency = api(.preconcurrency)
        coreDataPerform = api(.managedObjectContextPerform)
        testExpectation = api(.testExpectation)
        completionTwice = api(HazardShapes.completionCalledTwice)
        completionHandler = api(.completionHandler)
        synchronized = api(.synchronized)
        operationInternals = api(.operationInternals)
        queueSuspend = api(.queueSuspend)
        thread = api(.thread)
        condition = api(.condition)
        pollLoop = api(.pollLoop)
        mainQueue = api(.mainQueue)
        threadSleep = api(.threadSleep)
        workItemWait = api(.workItemWait)
        locks = [api(.nsLock), api(.nsLockLock), api(.recursiveLockLock), api(.pthreadMutex)]
        runLoop = api(.runLoop)
        runLoopAdd = api(.runLoopAdd)
        runLoopSource = api(.runLoopSource)
        runLoopRun = api(.runLoopRun)
        scheduledTimer = api(.scheduledTimer)
        waits = [api(.semaphoreWait), api(.groupWait)]
        creations = serialQueue.union(sourceCreations).union([
            concurrentQueue, globalQueue, semaphore, semaphoreForCallback, semaphoreAsLock, group, workItem,
        ])
        let combine = MatchState.combine
        let hash = ShapeTable.hash
        globalQueues = [combine(hash("DispatchQueue"), hash("global")), hash("dispatch_get_global_queue")]
        mainQueues = [
            combine(hash("DispatchQueue"), hash("main")), combine(hash("OperationQueue"), hash("main")),
            combine(hash("NSOperationQueue"), hash("mainQueue")), hash("dispatch_get_main_queue"),
        ]
        instanceGetters = WordSet(
            [
                "defaultCenter", "current", "currentThread", "currentRunLoop", "currentQueue", "main",
                "mainQueue", "mainRunLoop", "mainThread", "shared", "default",
            ].map(hash))
        keyPath = table.word(named: "\\")
        runLoopModes = WordSet(["kCFRunLoopCommonModes", "NSRunLoopCommonModes", "kCFRunLoopDefaultMode"].map(hash))
        completionBlockWords = WordSet(["completionBlock", "setCompletionBlock"].map(hash))
        callbackQueues = WordSet(
            [
                "delegateQueue", "callbackQueue", "completionQueue", "resultQueue", "responseQueue",
                "notificationQueue", "deliveryQueue",
            ].map(hash))
    }
}

/// The pages that a use of an API needs, read from the findings of one whole file: what a queue
/// is used for, which calls make one hand-written pattern, which hazard names the fix.
///
/// `scan` names recipes per API; a reader needs the page for the use. A private serial queue whose
/// blocks guard state (`sync` reads) is `isolation-queue-per-object`'s, one that only runs jobs in
/// order is `serial-queue`'s; a concurrent queue with barrier writes is `readers-writer-barrier`'s;
/// a group entered once and waited on is a wait for one reply (`sync-wait-for-callback`); a work
/// item cancelled before the next is scheduled, a one-shot timer invalidated before the next is
/// scheduled,
/// or `cancelPreviousPerformRequests` before a delayed perform, is a debounce; a counting semaphore
/// made in one function (or as a property) and waited on in another limits work that keeps
/// arriving (`concurrency-limit`), where one made and waited on in the same function throttles a
/// batch (`semaphore-throttle`). A queue the caller chose for callbacks delivers results
/// (`async-api-completion-queue`), a timer source that repeats is a ticker, and a semaphore
/// signalled from the main queue and waited on with a timeout is a hang watchdog's ping. Each
/// rule sets a finding's `lead`; a likely hazard's page wins over all of them, since the reader
/// has to fix that first.
struct UseRules {
    let words: UseWords
    let table: ShapeTable
    /// Where each function's name is in `bytes`, by the number `RawFinding.function` gives it.
    let functionNames: [Range<Int>]
    let bytes: UnsafeBufferPointer<UInt8>

    func apply(to findings: inout [RawFinding]) {
        guard !findings.isEmpty else { return }
        // Where each line starts, filled by the first rule that reads a line's text.
        var lineStarts: [Int] = []
        delaysAndDebounces(&findings, lineStarts: &lineStarts)
        mainThreadTestsThatNeverHop(&findings)
        hopsThatScheduleATimer(&findings)
        runLoopArguments(&findings)
        oneProgressObservationPerFunction(&findings)
        groupsWaitingForOneReply(&findings)
        keptWorkerThreads(&findings)
        followCreations(&findings, lineStarts: &lineStarts)
        eventLoopParts(&findings)
        for index in findings.indices {
            if let page = findings[index].hazards.first(where: { $0.confidence == .likely && $0.page != nil })?.page {
                findings[index].lead = page
            }
        }
    }

    /// An event loop is one pattern across its file, as a worker pool is: the lock around its
    /// handlers and the thread it polls on are the loop's.
    private func eventLoopParts(_ findings: inout [RawFinding]) {
        guard has(words.pollLoop, findings) else { return }
        lead(&findings, to: "event-loop-thread") { words.locks.contains($0) || $0 == words.thread }
    }

    /// Whether the file has a finding of `api` that a longer match has not replaced.
    private func has(_ api: Int32, _ findings: [RawFinding]) -> Bool {
        findings.contains { $0.api == api && !$0.dropped }
    }

    /// Gives `page` to every finding of the APIs `parts` accepts that no rule has given a page yet:
    /// the parts of one pattern spread over a file (a pool's lock, a loop's thread).
    private func lead(_ findings: inout [RawFinding], to page: String, parts: (Int32) -> Bool) {
        for index in findings.indices where findings[index].lead == nil && parts(findings[index].api) {
            findings[index].lead = page
        }
    }

    /// Queues, semaphores and sources made in the file: their uses take the page of what they are
    /// used for, or of the kind they were made as.
    private func followCreations(_ findings: inout [RawFinding], lineStarts: inout [Int]) {
        var made: [UInt64: Int] = [:]
        var synced: WordSet = []
        var barriers: WordSet = []
        /// Work items someone waits on: a latch, not a delay.
        var waitedItems: WordSet = []
        /// Semaphores, by name, with the functions that wait on or signal them.
        var semaphoreFunctions: [UInt64: Set<Int32>] = [:]
        for (index, finding) in findings.enumerated() where finding.receiver != 0 && !finding.dropped {
            let api = finding.api
            if words.creations.contains(api), made[finding.receiver] == nil { made[finding.receiver] = index }
            if api == words.queueSync { synced.insert(finding.receiver) }
            if api == words.barrierAsync || api == words.barrierSync { barriers.insert(finding.receiver) }
            if words.semaphoreUses.contains(api) { semaphoreFunctions[finding.receiver, default: []].insert(finding.function) }
            if api == words.workItemWait { waitedItems.insert(finding.receiver) }
        }
        guard !made.isEmpty || !barriers.isEmpty || !synced.isEmpty || sendsToACallbackQueue(findings) else {
            return
        }
        var pages: [UInt64: String] = [:]
        var sources: WordSet = []
        let pingsMain = mainThreadPings(&findings)
        let runsARunLoop = has(words.runLoopRun, findings)
        var waitsInALoop: WordSet = []
        for finding in findings where finding.inLoop && words.waits.contains(finding.api) && finding.receiver != 0 {
            // Signalled from another function: the jobs' producer.
            let signals = semaphoreFunctions[finding.receiver, default: []]
            if signals.contains(where: { $0 != finding.function }) { waitsInALoop.insert(finding.receiver) }
        }
        let repeating = repeatingTimers(findings, lineStarts: &lineStarts)
        for (receiver, index) in made {
            let api = findings[index].api
            if api == words.concurrentQueue, barriers.contains(receiver) {
                pages[receiver] = "readers-writer-barrier"
            } else if words.serialQueue.contains(api) {
                pages[receiver] = synced.contains(receiver) ? "isolation-queue-per-object" : "serial-queue"
            } else if api == words.semaphoreForCallback {
                pages[receiver] =
                    if pingsMain.contains(receiver) {
                        "main-thread-watchdog"
                    } else if waitsInALoop.contains(receiver) {
                        // A thread's loop waits for the next job; `signal` comes with each job.
                        "worker-thread-pool"
                    } else if runsARunLoop {
                        // The handshake that waits until the run-loop thread is ready.
                        "run-loop-worker-thread"
                    } else {
                        "sync-wait-for-callback"
                    }
            } else if api == words.semaphoreAsLock {
                pages[receiver] = "semaphore-as-mutex"
            } else if api == words.semaphore {
                // Made here, waited on elsewhere: a limit shared by callers that come and go.
                let madeIn = findings[index].function
                let usedElsewhere = semaphoreFunctions[receiver, default: []].contains { $0 != madeIn }
                pages[receiver] = usedElsewhere ? "concurrency-limit" : "semaphore-throttle"
            } else if words.sourceCreations.contains(api) {
                sources.insert(receiver)
                pages[receiver] =
                    findings[index].lead
                    ?? (api == words.timerSource && repeating.contains(receiver) ? "repeating-timer" : nil)
                    ?? table.apis[Int(api)].recipes.first
            } else if api == words.workItem, waitedItems.contains(receiver) {
                pages[receiver] = "sync-wait-for-callback"
            } else if api == words.globalQueue {
                // Work sent to a kept global queue is background work; the queue's own finding
                // keeps its QoS page.
                pages[receiver] = "background-then-main"
                continue
            }
            if let page = pages[receiver] { findings[index].lead = page }
        }
        for receiver in barriers where made[receiver] == nil { pages[receiver] = "readers-writer-barrier" }
        // A worker pool is one pattern across its type: the lock around its job list and the
        // threads it starts are the pool's too.
        if pages.values.contains("worker-thread-pool") {
            lead(&findings, to: "worker-thread-pool") { words.locks.contains($0) || $0 == words.thread }
        }
        // A queue made elsewhere (a property set in `init`, a superclass's, another type's) and
        // read with `sync`: an object's state confined to its queue, the commonest use of `sync`
        // by far, and the page for its `async` writes too.
        for receiver in synced where made[receiver] == nil && pages[receiver] == nil {
            guard !words.globalQueues.contains(receiver), !words.mainQueues.contains(receiver) else { continue }
            pages[receiver] = "isolation-queue-per-object"
        }
        // A queue the caller chose for callbacks (`delegateQueue`, `completionQueue`): what is
        // sent there delivers a result.
        for index in findings.indices where words.callbackQueues.contains(findings[index].receiver) {
            let api = findings[index].api
            if api == words.queueAsync || api == words.queueSync { findings[index].lead = "async-api-completion-queue" }
        }
        for index in findings.indices where findings[index].receiver != 0 {
            let api = findings[index].api
            let receiver = findings[index].receiver
            let follows =
                api == words.queueAsync || api == words.queueSync || api == words.barrierAsync
                || api == words.barrierSync || words.semaphoreUses.contains(api) || api == words.sourceHandlers
                || (sources.contains(receiver) && (api == words.queueSuspend || api == words.timerSource))
            guard follows, findings[index].lead == nil, let page = pages[findings[index].receiver] else { continue }
            findings[index].lead = page
        }
    }

    /// Timer sources scheduled to repeat: Swift's `schedule(deadline:repeating:)` with an interval,
    /// or `dispatch_source_set_timer` with an interval other than `DISPATCH_TIME_FOREVER`. A timer
    /// source is most often a ticker; one that fires once is a delay or a timeout.
    private func repeatingTimers(_ findings: [RawFinding], lineStarts: inout [Int]) -> WordSet {
        var repeating: WordSet = []
        for finding in findings where finding.receiver != 0 && !finding.dropped {
            guard finding.api == words.timerSource || finding.api == words.sourceHandlers else { continue }
            let text = lines(from: finding.line, count: 1, lineStarts: &lineStarts)
            if text.contains("repeating:"), !text.contains("repeating: .never") {
                repeating.insert(finding.receiver)
            } else if text.contains("dispatch_source_set_timer"), !text.contains("DISPATCH_TIME_FOREVER") {
                repeating.insert(finding.receiver)
            }
        }
        return repeating
    }

    /// Semaphores signalled only from blocks on the main queue and waited on with a timeout: a
    /// watchdog measuring how long the main thread takes to answer, not a wait for a callback's
    /// result. The bounded wait is the point, so its blocking-wait hazard goes; the file's
    /// `Thread` is the watchdog's.
    private func mainThreadPings(_ findings: inout [RawFinding]) -> WordSet {
        var signals: [UInt64: Bool] = [:]
        var timedWaits: WordSet = []
        for finding in findings where finding.receiver != 0 && !finding.dropped {
            guard words.semaphoreUses.contains(finding.api) else { continue }
            if finding.api == words.semaphoreSignal {
                signals[finding.receiver] = (signals[finding.receiver] ?? true) && finding.timedOrOnMain
            } else if finding.timedOrOnMain {
                timedWaits.insert(finding.receiver)
            }
        }
        var pings: WordSet = []
        for (receiver, onMain) in signals where onMain && timedWaits.contains(receiver) { pings.insert(receiver) }
        guard !pings.isEmpty else { return [] }
        // The hop that carries the signal: within two lines before it, in the same function.
        let pingSignals = findings.filter {
            pings.contains($0.receiver) && $0.api == words.semaphoreSignal
        }
        for index in findings.indices {
            if pings.contains(findings[index].receiver), words.semaphoreUses.contains(findings[index].api) {
                findings[index].hazards.removeAll { $0.page == "sync-wait-for-callback" }
            } else if findings[index].api == words.thread, findings[index].lead == nil {
                findings[index].lead = "main-thread-watchdog"
            } else if findings[index].api == words.mainAsync {
                let hop = findings[index]
                if pingSignals.contains(where: {
                    $0.function == hop.function && $0.line > hop.line && $0.line - hop.line <= 2
                }) {
                    findings[index].lead = "main-thread-watchdog"
                }
            }
        }
        return pings
    }

    private func sendsToACallbackQueue(_ findings: [RawFinding]) -> Bool {
        findings.contains { words.callbackQueues.contains($0.receiver) }
    }

    /// Delays, one function at a time: a delayed perform cancelled by
    /// `cancelPreviousPerformRequests`, a work item cancelled before the next is scheduled, or a
    /// time stamp compared in the delayed block, is a debounce; the `DispatchTime` values that
    /// compute a delay are part of its `asyncAfter`, not findings of their own.
    private func delaysAndDebounces(_ findings: inout [RawFinding], lineStarts: inout [Int]) {
        var byFunction: [Int32: [Int]] = [:]
        for (index, finding) in findings.enumerated() where !finding.dropped {
            let api = finding.api
            if api == words.asyncAfter || api == words.dispatchTime || api == words.workItem
                || api == words.workItemCancel || api == words.performAfterDelay || api == words.cancelPrevious
                || api == words.timerSource || api == words.timerInvalidate || api == words.scheduledTimerOnce
            {
                byFunction[finding.function, default: []].append(index)
            }
        }
        // The functions that cancel each work item: a pending delay called off from several
        // places (pause, stop, a new setting) is a delay with a lifecycle, not a debounce.
        var cancelledIn: [UInt64: Set<Int32>] = [:]
        for index in byFunction.values.joined() where findings[index].api == words.workItemCancel {
            let item = findings[index].receiver
            if item != 0 { cancelledIn[item, default: []].insert(findings[index].function) }
        }
        for (function, indices) in byFunction {
            let apis = indices.map { findings[$0].api }
            let named = name(of: function)
            let delays = indices.filter { findings[$0].api == words.asyncAfter }
            let times = indices.filter { findings[$0].api == words.dispatchTime }
            let cancels = indices.filter { findings[$0].api == words.workItemCancel }
            let performs = indices.filter { findings[$0].api == words.performAfterDelay }
            let cancelsPerforms = apis.contains(words.cancelPrevious)
            for index in performs { findings[index].lead = cancelsPerforms ? "debounce" : "delayed-task" }
            for index in indices where findings[index].api == words.cancelPrevious {
                findings[index].lead = performs.isEmpty ? "cancellable-delay" : "debounce"
            }
            if named.contains("retry") {
                for index in indices where findings[index].api == words.timerSource { findings[index].lead = "retry-with-backoff" }
            }
            // A one-shot timer or delay armed in a function that compares a count: a batch sent
            // when it is full or when the timer fires, whichever comes first.
            let oneShots = indices.filter {
                findings[$0].api == words.scheduledTimerOnce || findings[$0].api == words.asyncAfter
            }
            if !oneShots.isEmpty, comparesACount(function) {
                for index in oneShots { findings[index].lead = "batch-size-or-time" }
                if !delays.isEmpty { for index in times { findings[index].dropped = true } }
                continue
            }
            // A one-shot timer invalidated, then scheduled again, in one function: each event
            // restarts the wait, so only the last one fires. A repeating timer invalidated before
            // it is scheduled again is a ticker restarted, not a debounce.
            let invalidations = indices.filter { findings[$0].api == words.timerInvalidate }
            let schedules = indices.filter { findings[$0].api == words.scheduledTimerOnce }
            if let firstInvalidation = invalidations.first,
                schedules.contains(where: { findings[$0].line >= findings[firstInvalidation].line })
            {
                for index in invalidations + schedules { findings[index].lead = "debounce" }
            }
            guard let firstDelay = delays.first else {
                // Only calls it off: the pending delay is cancelled here and scheduled elsewhere.
                for index in cancels where findings[index].lead == nil { findings[index].lead = "cancellable-delay" }
                continue
            }
            for index in times { findings[index].dropped = true }
            let cancelledFirst = cancels.contains { findings[$0].line <= findings[firstDelay].line }
            let calledOffElsewhere = cancels.contains { index in
                cancelledIn[findings[index].receiver, default: []].subtracting([function]).count >= 2
            }
            let page: String? =
                if !cancelledFirst, !named.contains("retry"),
                    rearms(function, from: findings[firstDelay].line, lineStarts: &lineStarts)
                {
                    // `func sweep() { …; queue.asyncAfter(…) { self.sweep() } }`: a ticker.
                    "repeating-timer"
                } else if !cancelledFirst, mentionsATimeout(from: findings[firstDelay].line, lineStarts: &lineStarts) {
                    // `asyncAfter(deadline: .now() + timeout) { if !connected { fail(.timeout) } }`
                    "connect-timeout"
                } else if calledOffElsewhere && !named.contains("debounce") {
                    "cancellable-delay"
                } else if cancelledFirst || times.count >= 2 || named.contains("debounce") {
                    "debounce"
                } else if named.contains("throttle") {
                    "throttle-latest"
                } else if named.contains("retry") {
                    "retry-with-backoff"
                } else if !cancels.isEmpty {
                    "cancellable-delay"
                } else {
                    nil
                }
            guard let page else { continue }
            for index in indices where findings[index].api != words.dispatchTime {
                findings[index].lead = page
            }
        }
    }

    /// `if Thread.isMainThread` in a function that never hops to main only checks (to warn, to
    /// assert): `main-thread-check`, not the run-inline-or-hop page.
    private func mainThreadTestsThatNeverHop(_ findings: inout [RawFinding]) {
        let tests = findings.indices.filter {
            findings[$0].api == words.isMainThread && findings[$0].lead == "main-inline-or-async"
        }
        guard !tests.isEmpty else { return }
        var hopping: Set<Int32> = []
        for finding in findings where finding.api == words.mainAsync || finding.api == words.mainSync {
            if !finding.dropped { hopping.insert(finding.function) }
        }
        for index in tests where !hopping.contains(findings[index].function) {
            findings[index].lead = "main-thread-check"
        }
    }

    /// `DispatchQueue.main.async { … Timer.scheduledTimer(…) }`: the hop exists only because a
    /// `Timer` needs the main run loop, and the timer's page removes both.
    private func hopsThatScheduleATimer(_ findings: inout [RawFinding]) {
        var timers: [Int32: [RawFinding]] = [:]
        for finding in findings where finding.api == words.scheduledTimer && !finding.dropped && finding.function >= 0 {
            timers[finding.function, default: []].append(finding)
        }
        guard !timers.isEmpty else { return }
        for index in findings.indices where findings[index].api == words.mainAsync && !findings[index].dropped {
            let hop = findings[index]
            guard hop.lead == nil, let timer = timers[hop.function]?.first(where: { $0.line > hop.line }) else {
                continue
            }
            findings[index].lead = timer.lead ?? table.apis[Int(timer.api)].recipes.first
        }
    }

    /// A run-loop mode passed to a call that is already a finding on its line
    /// (`SCNetworkReachabilityScheduleWithRunLoop(r, CFRunLoopGetMain(), kCFRunLoopCommonModes)`)
    /// is that call's argument, not a timer added to a run loop. A file that watches a process
    /// with kqueue's `EVFILT_PROC` and hosts it on a run loop is noticing a process exit.
    private func runLoopArguments(_ findings: inout [RawFinding]) {
        var lines: Set<Int> = []
        for finding in findings where !finding.dropped && finding.api != words.runLoopAdd { lines.insert(finding.line) }
        for index in findings.indices where findings[index].api == words.runLoopAdd {
            if words.runLoopModes.contains(findings[index].word), lines.contains(findings[index].line) {
                findings[index].dropped = true
            }
        }
        // A thread that runs a run loop hosts sources or timers: `run-loop-worker-thread`, not a
        // thread that computes.
        if has(words.runLoopRun, findings) {
            lead(&findings, to: "run-loop-worker-thread") { $0 == words.thread }
        }
        let sources = findings.indices.filter { findings[$0].api == words.runLoopSource }
        guard !sources.isEmpty,
            MatchState.contains(bytes, Array("EVFILT_PROC".utf8)) || MatchState.contains(bytes, Array("NOTE_EXIT".utf8))
        else { return }
        for index in sources where findings[index].lead == nil { findings[index].lead = "dispatch-source-process-exit" }
    }

    /// Whether the block of the delay on `line` (the next few lines) calls the function the delay
    /// is in again: a delay re-armed on every run.
    private func rearms(_ function: Int32, from line: Int, lineStarts: inout [Int]) -> Bool {
        let named = name(of: function)
        guard named.count > 2 else { return false }
        let text = lines(from: line, count: 6, lineStarts: &lineStarts).lowercased()
        guard let range = text.range(of: named + "(") ?? text.range(of: named + "]") ?? text.range(of: named + " ")
        else { return false }
        // The name as a call, not as part of a longer name (`sweepSoon(`).
        guard range.lowerBound > text.startIndex else { return true }
        let before = text[text.index(before: range.lowerBound)]
        return !(before.isLetter || before.isNumber || before == "_")
    }

    /// The text of `count` lines from `line` (1-based). `lineStarts` is filled on first use.
    private func lines(from line: Int, count: Int, lineStarts: inout [Int]) -> String {
        if lineStarts.isEmpty {
            lineStarts = [0]
            for index in 0..<bytes.count where bytes[index] == 0x0A { lineStarts.append(index + 1) }
        }
        guard line >= 1, line <= lineStarts.count else { return "" }
        let start = lineStarts[line - 1]
        let end = line - 1 + count < lineStarts.count ? lineStarts[line - 1 + count] : bytes.count
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }

    /// Whether the delay on `line`, or the block it runs (the next few lines), speaks of a timeout
    /// (`timeout`, `timedOut`): a deadline that fails something still pending, not work that runs
    /// later. `lineStarts` is filled on first use.
    private func mentionsATimeout(from line: Int, lineStarts: inout [Int]) -> Bool {
        let text = lines(from: line, count: 6, lineStarts: &lineStarts).lowercased()
        return text.contains("timeout") || text.contains("timedout")
    }

    /// A `Thread` and an `NSCondition` in a file that pauses something: a kept worker woken by
    /// the condition and paused by a flag (`kept-thread-control`), not a condition that guards
    /// shared state. The condition and the thread lead there.
    private func keptWorkerThreads(_ findings: inout [RawFinding]) {
        guard has(words.condition, findings), has(words.thread, findings),
            MatchState.contains(bytes, Array("paused".utf8))
                || MatchState.contains(bytes, Array("Paused".utf8))
        else { return }
        lead(&findings, to: "kept-thread-control") { $0 == words.thread || $0 == words.condition }
    }

    /// A `Progress` observed and its `fractionCompleted` read in the handler are one observation:
    /// the first finding in a function stands for it.
    private func oneProgressObservationPerFunction(_ findings: inout [RawFinding]) {
        var seen: Set<Int32> = []
        for index in findings.indices where findings[index].api == words.progressObservation && !findings[index].dropped {
            let function = findings[index].function
            if function >= 0, !seen.insert(function).inserted { findings[index].dropped = true }
        }
    }

    /// A group entered once, outside a loop, and waited on in the same function: a blocking wait
    /// for one reply, not a batch.
    private func groupsWaitingForOneReply(_ findings: inout [RawFinding]) {
        var groups: [Pair: (enters: Int, loop: Bool, waits: Bool, indices: [Int])] = [:]
        for (index, finding) in findings.enumerated() where finding.receiver != 0 && !finding.dropped {
            let api = finding.api
            guard api == words.group || api == words.groupEnter || api == words.groupLeave || api == words.groupWait
            else { continue }
            let key = Pair(function: finding.function, receiver: finding.receiver)
            var group = groups[key] ?? (0, false, false, [])
            if api == words.groupEnter {
                group.enters += 1
                group.loop = group.loop || finding.inLoop
            }
            if api == words.groupWait { group.waits = true }
            group.indices.append(index)
            groups[key] = group
        }
        for group in groups.values where group.enters == 1 && !group.loop && group.waits {
            for index in group.indices where findings[index].lead == nil { findings[index].lead = "sync-wait-for-callback" }
        }
    }

    private struct Pair: Hashable {
        let function: Int32
        let receiver: UInt64
    }

    /// Whether the body of top-level function `function` compares a count (`.count >=` or
    /// `.count ==`; not `> 0`, an emptiness check): what a batcher checks before it sends a full
    /// batch. The body is read from the function's name to the next function's.
    private func comparesACount(_ function: Int32) -> Bool {
        guard function >= 0, Int(function) < functionNames.count else { return false }
        let start = functionNames[Int(function)].upperBound
        let next = functionNames.dropFirst(Int(function) + 1).first { !$0.isEmpty }?.lowerBound ?? bytes.count
        guard start > 0, start < next else { return false }
        let count = Array(".count".utf8)
        var index = start
        while index + count.count < next {
            if bytes[index] == UInt8(ascii: "."), bytes[index..<(index + count.count)].elementsEqual(count) {
                var after = index + count.count
                while after < next, bytes[after] == UInt8(ascii: " ") { after += 1 }
                if after + 1 < next, bytes[after] == UInt8(ascii: ">") || bytes[after] == UInt8(ascii: "="),
                    bytes[after + 1] == UInt8(ascii: "=")
                {
                    return true
                }
            }
            index += 1
        }
        return false
    }

    /// A function's name in lower case (`debouncedsearch`, `retryrequest`), or "".
    private func name(of function: Int32) -> String {
        guard function >= 0, Int(function) < functionNames.count else { return "" }
        let range = functionNames[Int(function)]
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self).lowercased()
    }
}
