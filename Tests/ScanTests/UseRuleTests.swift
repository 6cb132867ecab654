import Foundation
import ScanKit
import Testing

/// Issue 28's error classes, each with a hit and a near miss: the page a finding names first is
/// the page for its use, a call is one finding, and a hazard is raised only where the code shows it.
@Suite struct UseRuleTests {
    /// The first page of the finding of `api` on `line` (1-based), or nil if there is none.
    func page(_ source: String, _ api: String, line: Int? = nil, _ language: SourceLanguage = .swift) -> String? {
        ScanFixtures.scan(source, language).first { $0.api == api && (line == nil || $0.line == line) }?.recipes.first
    }

    func apis(_ source: String, _ language: SourceLanguage = .swift) -> [String] {
        ScanFixtures.scan(source, language).map { "\($0.line) \($0.api)" }
    }

    func hazards(_ source: String, _ language: SourceLanguage = .swift) -> [String] {
        ScanFixtures.scan(source, language).flatMap { finding in finding.hazards.map { "\(finding.line) \($0.message)" } }
    }

    // 1. Background work on a global queue is background-then-main's, not serial-queue's.
    @Test func workOnAGlobalQueueIsBackgroundWork() {
        let hit = "DispatchQueue.global(qos: .userInitiated).async {\n    let sum = numbers.reduce(0, +)\n}"
        #expect(page(hit, "DispatchQueue.async") == "background-then-main")
        let objc = "dispatch_async(dispatch_get_global_queue(QOS_CLASS_UTILITY, 0), ^{\n    [self crunch];\n});"
        #expect(page(objc, "DispatchQueue.async", .objc) == "background-then-main")
        let nearMiss = """
            let jobs = DispatchQueue(label: "jobs")
            jobs.async { step() }
            """
        #expect(page(nearMiss, "DispatchQueue.async") == "serial-queue")
    }

    // 2. The use decides: a main-thread guard, barriers, sync reads, KVO on a model.
    @Test func aMainThreadGuardIsRunInlineOrHop() {
        let hit = """
            func show() {
                if Thread.isMainThread {
                    render()
                } else {
                    DispatchQueue.main.async { render() }
                }
            }
            """
        #expect(page(hit, "DispatchQueue.main.async") == "main-inline-or-async")
        let nearMiss = """
            func loaded() {
                fetch { value in
                    DispatchQueue.main.async { render(value) }
                }
            }
            """
        #expect(page(nearMiss, "DispatchQueue.main.async") != "main-inline-or-async")
    }

    @Test func aConcurrentQueueWithBarrierWritesIsReadersWriter() {
        let hit = """
            let store = DispatchQueue(label: "store", attributes: .concurrent)
            func read() -> Int { store.sync { value } }
            func write(_ new: Int) { store.async(flags: .barrier) { value = new } }
            """
        #expect(page(hit, "DispatchQueue(attributes: .concurrent)") == "readers-writer-barrier")
        #expect(page(hit, "DispatchQueue.sync") == "readers-writer-barrier")
        let nearMiss = """
            let work = DispatchQueue(label: "work", attributes: .concurrent)
            func run() { work.async { step() } }
            """
        #expect(page(nearMiss, "DispatchQueue(attributes: .concurrent)") != "readers-writer-barrier")
    }

    @Test func aSerialQueueIsOrderOrIsolationByItsUse() {
        let order = """
            let writes = DispatchQueue(label: "writes")
            func save(_ a: Data) { writes.async { disk.write(a) } }
            """
        #expect(page(order, "DispatchQueue(label:)") == "serial-queue")
        let isolation = """
            let state = DispatchQueue(label: "state")
            func save(_ a: Int) { state.async { value = a } }
            func read() -> Int { state.sync { value } }
            """
        #expect(page(isolation, "DispatchQueue(label:)") == "isolation-queue-per-object")
    }

    @Test func keyValueObservationOfAModelIsStateChanges() {
        let hit = "observation = player.observe(\\.status) { player, _ in update(player) }"
        #expect(page(hit, "KVO") == "observe-state-changes")
        let nearMiss = "observation = task.progress.observe(\\.fractionCompleted) { progress, _ in show(progress) }"
        #expect(page(nearMiss, "KVO on Progress") == "progress-observation-stream")
    }

    // 3. `nonisolated(unsafe)` names what the declaration is.
    @Test func nonisolatedUnsafeNamesWhatItDeclares() {
        let global = "final class Session {\n    nonisolated(unsafe) static var shared = Session()\n}"
        #expect(page(global, "nonisolated(unsafe)") == "thread-safe-singleton")
        let captured = """
            func load() -> Data? {
                nonisolated(unsafe) var result: Data?
                let done = DispatchSemaphore(value: 0)
                fetch { result = $0; done.signal() }
                done.wait()
                return result
            }
            """
        #expect(page(captured, "nonisolated(unsafe)") == "sync-wait-for-callback")
    }

    // 4. The Cocoa debounce: a delayed perform cancelled before it is scheduled again.
    @Test func aCancelledDelayedPerformIsADebounce() {
        let hit = """
            - (void)textChanged:(NSString *)text {
                [NSObject cancelPreviousPerformRequestsWithTarget:self selector:@selector(search) object:nil];
                [self performSelector:@selector(search) withObject:nil afterDelay:0.3];
            }
            """
        #expect(page(hit, "perform(_:with:afterDelay:)", line: 3, .objc) == "debounce")
        let nearMiss = """
            - (void)showHint {
                [self performSelector:@selector(hideHint) withObject:nil afterDelay:2.0];
            }
            """
        #expect(page(nearMiss, "perform(_:with:afterDelay:)", .objc) == "delayed-task")
    }

    // 5. One hand-written debounce is one pattern, named once at its call site.
    @Test func theTimesOfADelayArePartOfIt() {
        let hit = """
            func debounced(_ text: String) {
                pending?.cancel()
                let item = DispatchWorkItem { search(text) }
                pending = item
                let delay = DispatchTime.now() + .milliseconds(300)
                DispatchQueue.main.asyncAfter(deadline: delay, execute: item)
            }
            """
        let found = ScanFixtures.scan(hit)
        #expect(!found.contains { $0.api == "DispatchTime" })
        #expect(found.first { $0.api == "DispatchQueue.asyncAfter" }?.recipes.first == "debounce")
        let nearMiss = "let started = DispatchTime.now()"
        #expect(apis(nearMiss) == ["1 DispatchTime"])
    }

    /// A timer invalidated and scheduled again in one function is a debounce; a timer started in
    /// one function and stopped in another is the timer's own page.
    @Test func aTimerInvalidatedAndScheduledAgainIsADebounce() {
        let hit = """
            func textDidChange(_ text: String) {
                timer?.invalidate()
                timer = Timer.scheduledTimer(withTimeInterval: 0.3, repeats: false) { _ in search(text) }
            }
            """
        #expect(page(hit, "Timer.invalidate") == "debounce")
        #expect(page(hit, "Timer.scheduledTimer(repeats: false)") == "debounce")
        let objc = """
            @implementation SearchController {
                NSTimer *_timer;
            }
            - (void)textChanged:(NSString *)text {
                [_timer invalidate];
                _timer = [NSTimer scheduledTimerWithTimeInterval:0.3 target:self selector:@selector(search) userInfo:nil repeats:NO];
            }
            """
        #expect(page(objc, "Timer.invalidate", .objc) == "debounce")
        let nearMiss = """
            func start() {
                timer = Timer.scheduledTimer(withTimeInterval: 5, repeats: true) { _ in poll() }
            }
            func stop() {
                timer?.invalidate()
            }
            """
        #expect(page(nearMiss, "Timer.scheduledTimer") == "repeating-timer")
        #expect(page(nearMiss, "Timer.invalidate") == "timer-invalidate")
        let restartedTicker = """
            func restart() {
                timer?.invalidate()
                timer = Timer.scheduledTimer(withTimeInterval: 5, repeats: true) { _ in poll() }
            }
            """
        #expect(page(restartedTicker, "Timer.scheduledTimer") == "repeating-timer")
        #expect(page(restartedTicker, "Timer.invalidate") != "debounce")
    }

    /// A one-shot timer armed beside a full-batch check is a batch sent by size or by time; beside
    /// an emptiness check it is a plain one-shot timer.
    @Test func aOneShotTimerBesideAFullBatchCheckIsBatchSizeOrTime() {
        let hit = """
            func add(_ sample: Sample) {
                buffer.append(sample)
                if buffer.count >= maxBatch {
                    flush()
                } else if flushTimer == nil {
                    flushTimer = Timer.scheduledTimer(withTimeInterval: 10, repeats: false) { _ in flush() }
                }
            }
            """
        #expect(page(hit, "Timer.scheduledTimer(repeats: false)") == "batch-size-or-time")
        let delayed = """
            func add(_ sample: Sample) {
                buffer.append(sample)
                if buffer.count == maxBatch { flush(); return }
                DispatchQueue.main.asyncAfter(deadline: .now() + 10) { flush() }
            }
            """
        #expect(page(delayed, "DispatchQueue.asyncAfter") == "batch-size-or-time")
        #expect(!ScanFixtures.scan(delayed).contains { $0.api == "DispatchTime" })
        let nearMiss = """
            func showBanner() {
                guard messages.count > 0 else { return }
                hideTimer = Timer.scheduledTimer(withTimeInterval: 3, repeats: false) { _ in hide() }
            }
            """
        #expect(page(nearMiss, "Timer.scheduledTimer(repeats: false)") == "one-shot-timer")
    }

    /// A counting semaphore kept by an object and waited on by each request limits work that keeps
    /// arriving; one made and waited on in one function throttles a batch.
    @Test func aSemaphoreKeptAcrossCallsIsAConcurrencyLimit() {
        let hit = """
            final class ImageService {
                private let limit = DispatchSemaphore(value: 4)
                func load(_ url: URL) {
                    limit.wait()
                    defer { limit.signal() }
                    fetch(url)
                }
            }
            """
        #expect(page(hit, "DispatchSemaphore") == "concurrency-limit")
        #expect(page(hit, "DispatchSemaphore.wait") == "concurrency-limit")
        let objc = """
            - (instancetype)init {
                _limit = dispatch_semaphore_create(4);
                return self;
            }
            - (void)load:(NSURL *)url {
                dispatch_semaphore_wait(_limit, DISPATCH_TIME_FOREVER);
                [self fetch:url];
                dispatch_semaphore_signal(_limit);
            }
            """
        #expect(page(objc, "DispatchSemaphore.wait", .objc) == "concurrency-limit")
        let nearMiss = """
            func downloadAll(_ urls: [URL]) {
                let semaphore = DispatchSemaphore(value: 4)
                for url in urls {
                    semaphore.wait()
                    fetch(url) { semaphore.signal() }
                }
            }
            """
        #expect(page(nearMiss, "DispatchSemaphore.wait") == "semaphore-throttle")
    }

    /// CloudKit's operations and completion-block calls, and Core Data's background task, name the
    /// note that says what they become; a `CKDatabase` in a signature is no finding.
    @Test func cloudKitAndBackgroundTasksNameTheCoreDataNote() {
        let hit = """
            func loadNotes(_ database: CKDatabase) {
                let operation = CKQueryOperation(query: query)
                operation.queryResultBlock = { result in done(result) }
                database.add(operation)
            }
            func importRows(_ container: NSPersistentContainer) {
                container.performBackgroundTask { context in try? context.save() }
            }
            """
        #expect(apis(hit) == ["2 CKOperation", "7 NSManagedObjectContext.performBlock"])
        #expect(page(hit, "CKOperation") == "core-data-swiftdata-contexts")
        #expect(page(hit, "NSManagedObjectContext.performBlock") == "core-data-swiftdata-contexts")
        let nearMiss = "func show(_ database: CKDatabase, _ record: CKRecord) { title = record.recordID.recordName }"
        #expect(apis(nearMiss) == [])
    }

    /// Work sent to a global queue kept in a property is background work too.
    @Test func aKeptGlobalQueueIsBackgroundWork() {
        let hit = """
            private let worker = DispatchQueue.global(qos: .utility)
            func refresh() {
                worker.async { crunch() }
            }
            """
        #expect(page(hit, "DispatchQueue.async") == "background-then-main")
        #expect(page(hit, "DispatchQueue.global(qos:)") == "qos-global-queues")
    }

    // 6. A concurrent enumeration is a parallel loop.
    @Test func aConcurrentEnumerationIsConcurrentPerform() {
        let hit = "[items enumerateObjectsWithOptions:NSEnumerationConcurrent usingBlock:^(id item, NSUInteger i, BOOL *stop) { }];"
        #expect(ScanFixtures.scan(hit, .objc).first?.recipes.first == "concurrent-perform")
        let nearMiss = "[items enumerateObjectsUsingBlock:^(id item, NSUInteger i, BOOL *stop) { }];"
        #expect(!ScanFixtures.scan(nearMiss, .objc).contains { $0.recipes.first == "concurrent-perform" })
    }

    // 7. A guide note is named where it is the subject.
    @Test func aCoreDataContextNamesItsNote() {
        let hit = "func save(_ context: NSManagedObjectContext) {\n    context.performAndWait { try? context.save() }\n}"
        #expect(ScanFixtures.scan(hit).first?.recipes.first == "core-data-swiftdata-contexts")
        let named = "let context = container.newBackgroundContext()\ncontext.perform {\n    try? context.save()\n}"
        #expect(page(named, "NSManagedObjectContext.performBlock", line: 2) == "core-data-swiftdata-contexts")
        // The context reached through its container: the name before `.perform` is the context's.
        let throughContainer = "func save() {\n    container.viewContext.perform {\n        try? container.viewContext.save()\n    }\n}"
        #expect(page(throughContainer, "NSManagedObjectContext.performBlock", line: 2) == "core-data-swiftdata-contexts")
        // A `perform` on something else reached through a context is not the context's.
        let throughContext = "func run() {\n    context.request.perform { reply in show(reply) }\n}"
        #expect(ScanFixtures.scan(throughContext).isEmpty)
        // `perform` is a common name: on anything not named or declared as a context it is no finding.
        let nearMiss = "func save(_ store: Store) {\n    store.save()\n    request.perform { reply in show(reply) }\n}"
        #expect(ScanFixtures.scan(nearMiss).isEmpty)
    }

    /// An XCTest expectation names its note; a method of the same name in a file that never
    /// names XCTest is not one.
    @Test func anXCTestExpectationNamesItsNote() {
        let hit = """
            import XCTest
            final class LoaderTests: XCTestCase {
                func testLoad() {
                    let done = expectation(description: "loaded")
                    loader.load { _ in done.fulfill() }
                    wait(for: [done], timeout: 1)
                }
            }
            """
        #expect(page(hit, "XCTestExpectation", line: 4) == "expectation-to-confirmation")
        #expect(page(hit, "XCTestExpectation", line: 6) == "expectation-to-confirmation")
        let nearMiss = """
            struct Forecast {
                func expectation(description: String) -> Double { 0.5 }
                func show() { print(expectation(description: "rain")) }
            }
            """
        #expect(ScanFixtures.scan(nearMiss).isEmpty)
    }

    // 8. One finding per call: arguments and declarations are parts of it.
    @Test func anObserverOnTheMainQueueIsOneFinding() {
        let hit = """
            token = NotificationCenter.default.addObserver(forName: .didLogIn, object: nil, queue: OperationQueue.main) { _ in
                reload()
            }
            """
        #expect(apis(hit) == ["1 NotificationCenter.addObserver"])
        let objc = "[[NSNotificationCenter defaultCenter] addObserver:self selector:@selector(changed:) name:kChanged object:nil];"
        #expect(apis(objc, .objc) == ["1 NotificationCenter.addObserver"])
        let declarations = """
            final class Feed {
                private let queue: OperationQueue
                func load(on queue: DispatchQueue) { }
            }
            """
        #expect(apis(declarations).isEmpty)
    }

    // 9. Only what means concurrency in its use.
    @Test func aFileReadIsAFindingOnlyWhereBlockingMatters() {
        let nearMiss = "func loadConfig() -> Data? {\n    try? Data(contentsOf: url)\n}"
        #expect(apis(nearMiss).isEmpty)
        let hit = "func loadConfig() async -> Data? {\n    try? Data(contentsOf: url)\n}"
        #expect(apis(hit).count == 1)
        let framework = "NotificationCenter.default.post(name: UIApplication.didReceiveMemoryWarningNotification, object: nil)"
        #expect(apis(framework).isEmpty)
        let own = "NotificationCenter.default.post(name: .feedDidReload, object: nil)"
        #expect(apis(own) == ["1 NotificationCenter.post"])
    }

    // 10. Labels say what the call is.
    @Test func theLabelIsTheCallsOwn() {
        #expect(apis("[[NSNotificationCenter defaultCenter] removeObserver:self];", .objc) == [
            "1 NotificationCenter.removeObserver"
        ])
        #expect(apis("queue.sync(flags: .barrier) { value = 1 }").contains("1 DispatchQueue.sync(flags: .barrier)"))
        #expect(apis("let subject = CurrentValueSubject<Int, Never>(0)") == ["1 CurrentValueSubject (Combine)"])
        #expect(apis("final class Model: ObservableObject { }") == ["1 ObservableObject (Combine)"])
    }

    // 11. Shapes the catalog now declares.
    @Test func expectationsAndSwiftRemoveObserverAreFound() {
        let test = """
            import XCTest
            func testLoad() {
                let done = expectation(description: "loaded")
                loader.load { _ in done.fulfill() }
                wait(for: [done], timeout: 1)
            }
            """
        #expect(ScanFixtures.scan(test).contains { $0.api == "XCTestExpectation" })
        #expect(apis("NotificationCenter.default.removeObserver(token)") == ["1 NotificationCenter.removeObserver"])
    }

    // 12. Hazards raised only where the code shows them.
    @Test func nonisolatedUnsafeIsARaceOnlyWhenWrittenFromTwoPlaces() {
        let hit = """
            nonisolated(unsafe) var hits = 0
            func record() { queue.async { hits += 1 } }
            func reset() { hits = 0 }
            """
        #expect(hazards(hit).contains { $0.hasPrefix("1 likely data race") })
        let constant = "nonisolated(unsafe) let formatter = DateFormatter()"
        #expect(hazards(constant).isEmpty)
        let once = """
            nonisolated(unsafe) var result: Data?
            func load() {
                fetch { result = $0 }
            }
            """
        #expect(hazards(once).isEmpty)
    }

    @Test func mainSyncTrapsOnlyWhereTheCallerCouldBeOnMain() {
        let guarded = """
            func a() {
                if Thread.isMainThread {
                    render()
                } else {
                    DispatchQueue.main.sync { render() }
                }
            }
            """
        #expect(hazards(guarded).isEmpty)
        let offMain = "DispatchQueue.global().async {\n    DispatchQueue.main.sync { render() }\n}"
        #expect(hazards(offMain).isEmpty)
        let unknown = "func c() {\n    DispatchQueue.main.sync { render() }\n}"
        #expect(hazards(unknown).contains { $0.hasPrefix("2 possible deadlock") })
    }

    @Test func aCompletionCalledTwiceOnOnePath() {
        let hit = """
            func load(completion: @escaping (Result<Data, Error>) -> Void) {
                if let error = lastError {
                    completion(.failure(error))
                }
                completion(.success(cache))
            }
            """
        #expect(hazards(hit).contains { $0.hasPrefix("5 likely double call") })
        let branches = """
            func load(completion: @escaping (Bool) -> Void) {
                if ready {
                    completion(true)
                } else if waiting {
                    completion(false)
                } else {
                    completion(false)
                }
                do {
                    try save()
                    completion(true)
                } catch {
                    completion(false)
                }
            }
            """
        #expect(hazards(branches).filter { $0.contains("double call") }.count <= 1)
        let returned = """
            func load(completion: @escaping (Bool) -> Void) {
                if failed {
                    completion(false)
                    return
                }
                completion(true)
            }
            """
        #expect(hazards(returned).isEmpty)
        // Two handlers, each called once (an image SDK's prefetcher calls both): not a double call.
        let twoHandlers = """
            func finish() {
                if sourceHandler == nil && completionHandler == nil { return }
                DispatchQueue.main.async {
                    self.sourceHandler?(self.sources)
                    self.completionHandler?(self.resources)
                    self.completionHandler = nil
                }
            }
            """
        #expect(hazards(twoHandlers).isEmpty)
        let sameHandlerTwice = """
            func finish() {
                DispatchQueue.main.async {
                    self.completionHandler?(self.resources)
                    self.completionHandler?(self.resources)
                }
            }
            """
        #expect(hazards(sameHandlerTwice).contains { $0.hasPrefix("4 likely double call") })
    }

    /// A Swift `completionHandler` is a finding where a callback API declares or receives one: a
    /// parameter with a function type, or a closure (or a variable holding one) passed by that
    /// label. Its stored property, the assignments and nil checks of it, a call of it and a
    /// forwarded argument are not uses of their own (on an image SDK's prefetcher they were 11 of 80 findings sampled).
    @Test func aCompletionHandlerIsReportedWhereItIsDeclaredOrPassed() {
        let source = """
            final class Prefetcher {
                private var completionHandler: CompletionHandler?
                init(urls: [URL], completionHandler: CompletionHandler? = nil) {
                    self.completionHandler = completionHandler
                }
                func start(completionHandler handler: @escaping (Int) -> Void) {
                    download(urls, completionHandler: completionHandler)
                    fetch(url, completionHandler: { data in print(data) })
                    let onLoaded: (Data) -> Void = { data in print(data) }
                    fetch(url, completionHandler: onLoaded)
                    fetch(url, completionHandler: nil)
                    if completionHandler == nil { return }
                    self.completionHandler?(3)
                }
            }
            """
        let lines = ScanFixtures.scan(source).filter { $0.api == "completionHandler:" }.map(\.line)
        #expect(lines == [3, 6, 8, 10])
    }

    @Test func nestedLocksInOppositeOrders() {
        let hit = """
            - (void)a {
                @synchronized (self.left) {
                    @synchronized (self.right) { [self step]; }
                }
            }
            - (void)b {
                @synchronized (self.right) {
                    @synchronized (self.left) { [self step]; }
                }
            }
            """
        #expect(hazards(hit, .objc).contains { $0.contains("lock-order inversion") })
        let nearMiss = hit.replacingOccurrences(
            of: "@synchronized (self.right) {\n        @synchronized (self.left)",
            with: "@synchronized (self.left) {\n        @synchronized (self.right)")
        #expect(!hazards(nearMiss, .objc).contains { $0.contains("lock-order inversion") })
    }

    // 13. The guide's own recommendations, and a wait for one reply.
    @Test func theRecommendedLockNamesThePageThatRecommendsIt() {
        #expect(page("let lock = OSAllocatedUnfairLock(initialState: 0)", "OSAllocatedUnfairLock") == "lock-zoo")
        // The lock it replaces is still a lock to replace.
        #expect(apis("var lock = os_unfair_lock()") == ["1 os_unfair_lock"])
    }

    @Test func aCompletionHandlerThatReArmsItselfLosesTheOrderOfItsTasks() {
        let hit = """
            func receiveNext() {
                connection.receive { data, error in
                    guard let data else { return }
                    Task { await self.store.append(data) }
                    self.receiveNext()
                }
            }
            """
        #expect(page(hit, "Task per handler call", line: 4) == "ordered-async-writes")
        // One call, no order to lose.
        let nearMiss = hit.replacingOccurrences(of: "        self.receiveNext()\n", with: "")
        #expect(apis(nearMiss).isEmpty)
    }

    @Test func aGroupEnteredOnceAndWaitedOnIsAWaitForOneReply() {
        let hit = """
            func register() -> Bool {
                let group = DispatchGroup()
                group.enter()
                server.register { ok in
                    accepted = ok
                    group.leave()
                }
                group.wait()
                return accepted
            }
            """
        #expect(page(hit, "DispatchGroup.wait") == "sync-wait-for-callback")
        let nearMiss = """
            func downloadAll() {
                let group = DispatchGroup()
                for url in urls {
                    group.enter()
                    download(url) { group.leave() }
                }
                group.wait()
            }
            """
        #expect(page(nearMiss, "DispatchGroup.wait") != "sync-wait-for-callback")
    }
}
