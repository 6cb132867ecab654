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
/// batch (`semaphore-throttle`). Each rule sets a finding's `lead`; a likely hazard's page wins
/// over all of them, since the reader has to fix that first.
struct UseRules {
    let words: UseWords
    let table: ShapeTable
    /// Where each function's name is in `bytes`, by the number `RawFinding.function` gives it.
    let functionNames: [Range<Int>]
    let bytes: UnsafeBufferPointer<UInt8>

    func apply(to findings: inout [RawFinding]) {
        guard !findings.isEmpty else { return }
        delaysAndDebounces(&findings)
        oneProgressObservationPerFunction(&findings)
        groupsWaitingForOneReply(&findings)
        followCreations(&findings)
        for index in findings.indices {
            if let page = findings[index].hazards.first(where: { $0.confidence == .likely && $0.page != nil })?.page {
                findings[index].lead = page
            }
        }
    }

    /// Queues, semaphores and sources made in the file: their uses take the page of what they are
    /// used for, or of the kind they were made as.
    private func followCreations(_ findings: inout [RawFinding]) {
        var made: [UInt64: Int] = [:]
        var synced: WordSet = []
        var barriers: WordSet = []
        /// Semaphores, by name, with the functions that wait on or signal them.
        var semaphoreFunctions: [UInt64: Set<Int32>] = [:]
        for (index, finding) in findings.enumerated() where finding.receiver != 0 && !finding.dropped {
            let api = finding.api
            if words.creations.contains(api), made[finding.receiver] == nil { made[finding.receiver] = index }
            if api == words.queueSync { synced.insert(finding.receiver) }
            if api == words.barrierAsync || api == words.barrierSync { barriers.insert(finding.receiver) }
            if words.semaphoreUses.contains(api) { semaphoreFunctions[finding.receiver, default: []].insert(finding.function) }
        }
        guard !made.isEmpty || !barriers.isEmpty else { return }
        var pages: [UInt64: String] = [:]
        for (receiver, index) in made {
            let api = findings[index].api
            if api == words.concurrentQueue, barriers.contains(receiver) {
                pages[receiver] = "readers-writer-barrier"
            } else if words.serialQueue.contains(api) {
                pages[receiver] = synced.contains(receiver) ? "isolation-queue-per-object" : "serial-queue"
            } else if api == words.semaphoreForCallback {
                pages[receiver] = "sync-wait-for-callback"
            } else if api == words.semaphoreAsLock {
                pages[receiver] = "semaphore-as-mutex"
            } else if api == words.semaphore {
                // Made here, waited on elsewhere: a limit shared by callers that come and go.
                let madeIn = findings[index].function
                let usedElsewhere = semaphoreFunctions[receiver, default: []].contains { $0 != madeIn }
                pages[receiver] = usedElsewhere ? "concurrency-limit" : "semaphore-throttle"
            } else if words.sourceCreations.contains(api) {
                pages[receiver] = findings[index].lead ?? table.apis[Int(api)].recipes.first
            } else if api == words.globalQueue {
                // Work sent to a kept global queue is background work; the queue's own finding
                // keeps its QoS page.
                pages[receiver] = "background-then-main"
                continue
            }
            if let page = pages[receiver] { findings[index].lead = page }
        }
        for receiver in barriers where made[receiver] == nil { pages[receiver] = "readers-writer-barrier" }
        for index in findings.indices where findings[index].receiver != 0 {
            let api = findings[index].api
            let follows =
                api == words.queueAsync || api == words.queueSync || api == words.barrierAsync
                || api == words.barrierSync || words.semaphoreUses.contains(api) || api == words.sourceHandlers
            guard follows, findings[index].lead == nil, let page = pages[findings[index].receiver] else { continue }
            findings[index].lead = page
        }
    }

    /// Delays, one function at a time: a delayed perform cancelled by
    /// `cancelPreviousPerformRequests`, a work item cancelled before the next is scheduled, or a
    /// time stamp compared in the delayed block, is a debounce; the `DispatchTime` values that
    /// compute a delay are part of its `asyncAfter`, not findings of their own.
    private func delaysAndDebounces(_ findings: inout [RawFinding]) {
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
            guard let firstDelay = delays.first else { continue }
            for index in times { findings[index].dropped = true }
            let cancelledFirst = cancels.contains { findings[$0].line <= findings[firstDelay].line }
            let page: String? =
                if cancelledFirst || times.count >= 2 || named.contains("debounce") {
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
