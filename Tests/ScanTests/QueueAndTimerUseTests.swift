import Foundation
import ScanKit
import Testing

/// The page for a queue, a timer or a delay is read from its use, not its API: the classes a
/// hand-judged sample of twelve public files showed `scan` getting wrong (an object's own queue
/// sent to a generic queue page, every timer source to `connect-timeout`, a token's
/// `completionBlock` reported as an operation's), each with a hit and a near miss.
@Suite struct QueueAndTimerUseTests {
    func page(_ source: String, _ api: String, line: Int? = nil, _ language: SourceLanguage = .swift) -> String? {
        ScanFixtures.scan(source, language).first { $0.api == api && (line == nil || $0.line == line) }?.recipes.first
    }

    func findings(_ source: String, _ language: SourceLanguage = .swift) -> [String] {
        ScanFixtures.scan(source, language).map { "\($0.line) \($0.api)" }
    }

    @Test func aQueueReadWithSyncIsTheObjectsIsolationQueue() {
        // The queue is made in `init` of a superclass, in another file: only its use says what it is.
        let hit = """
            - (NSArray *)pending {
                __block NSArray *result;
                dispatch_sync(self.stateQueue, ^{ result = [_pending copy]; });
                return result;
            }
            - (void)add:(id)entry {
                dispatch_async(self.stateQueue, ^{ [_pending addObject:entry]; });
            }
            """
        #expect(page(hit, "DispatchQueue.sync", .objc) == "isolation-queue-per-object")
        #expect(page(hit, "DispatchQueue.async", .objc) == "isolation-queue-per-object")
        let swift = """
            final class Store {
                private let stateQueue: DispatchQueue
                init(queue: DispatchQueue) { stateQueue = queue }
                func count() -> Int { stateQueue.sync { items.count } }
            }
            """
        #expect(page(swift, "DispatchQueue.sync") == "isolation-queue-per-object")
        // A queue only sent jobs keeps the page for jobs in order.
        let nearMiss = """
            - (void)add:(id)entry {
                dispatch_async(self.writeQueue, ^{ [self.disk append:entry]; });
            }
            """
        #expect(page(nearMiss, "DispatchQueue.async", .objc) != "isolation-queue-per-object")
        let global = "dispatch_sync(dispatch_get_global_queue(QOS_CLASS_UTILITY, 0), ^{ [self crunch]; });"
        #expect(page(global, "DispatchQueue.sync", .objc) != "isolation-queue-per-object")
    }

    @Test func aCallerChosenQueueDeliversAResult() {
        let hit = """
            - (instancetype)init {
                _delegateQueue = dispatch_get_main_queue();
                return self;
            }
            - (void)finished:(NSUInteger)count {
                dispatch_async(self.delegateQueue, ^{ [self.delegate loader:self didLoad:count]; });
            }
            """
        #expect(page(hit, "DispatchQueue.main", .objc) == "async-api-completion-queue")
        #expect(page(hit, "DispatchQueue.async", .objc) == "async-api-completion-queue")
        let swift = """
            let completionQueue: DispatchQueue
            func done(_ image: Image) { completionQueue.async { handler(image) } }
            """
        #expect(page(swift, "DispatchQueue.async") == "async-api-completion-queue")
        let nearMiss = """
            let workQueue: DispatchQueue
            func done(_ image: Image) { workQueue.async { cache.store(image) } }
            """
        #expect(page(nearMiss, "DispatchQueue.async") != "async-api-completion-queue")
    }

    @Test func aTimerSourceThatRepeatsIsATicker() {
        let swift = """
            func start() {
                let timer = DispatchSource.makeTimerSource(queue: queue)
                timer.schedule(deadline: .now(), repeating: .seconds(30))
                timer.setEventHandler { [weak self] in self?.refresh() }
                timer.resume()
                self.timer = timer
            }
            func stop() { timer?.cancel() }
            """
        #expect(page(swift, "DispatchSource.makeTimerSource") == "repeating-timer")
        #expect(page(swift, "DispatchSource.setEventHandler", line: 4) == "repeating-timer")
        #expect(page(swift, "DispatchSource.setEventHandler", line: 8) == "repeating-timer")
        let objc = """
            - (void)startFlushing {
                _flushTimer = dispatch_source_create(DISPATCH_SOURCE_TYPE_TIMER, 0, 0, _queue);
                dispatch_source_set_timer(_flushTimer, dispatch_time(DISPATCH_TIME_NOW, 0), 60 * NSEC_PER_SEC, NSEC_PER_SEC);
                dispatch_source_set_event_handler(_flushTimer, ^{ [self flush]; });
                dispatch_resume(_flushTimer);
            }
            - (void)pauseFlushing {
                dispatch_suspend(_flushTimer);
            }
            """
        #expect(page(objc, "DispatchSource.makeTimerSource", line: 2, .objc) == "repeating-timer")
        #expect(page(objc, "DispatchQueue.suspend", .objc) == "repeating-timer")
        // Fires once: a delay or a timeout, not a ticker.
        let once = swift.replacingOccurrences(of: ", repeating: .seconds(30)", with: " + .seconds(30)")
        #expect(page(once, "DispatchSource.makeTimerSource") != "repeating-timer")
        let objcOnce = objc.replacingOccurrences(of: "60 * NSEC_PER_SEC, NSEC", with: "DISPATCH_TIME_FOREVER, NSEC")
        #expect(page(objcOnce, "DispatchSource.makeTimerSource", line: 2, .objc) != "repeating-timer")
        // A suspended serial queue is still a pausable queue.
        let queue = "- (void)pause {\n    dispatch_suspend(_jobs);\n}"
        #expect(page(queue, "DispatchQueue.suspend", .objc) == "pausable-work-queue")
    }

    @Test func aCompletionBlockIsAnOperationsOnlyOnAnOperation() {
        let swift = """
            func enqueue() {
                let resize = BlockOperation { shrink() }
                resize.completionBlock = { log("resized") }
                fetchOperation.completionBlock = { log("fetched") }
                token.completionBlock = nil
            }
            """
        let operations = findings(swift).filter { $0.hasSuffix("Operation state") }
        #expect(operations == ["3 Operation state", "4 Operation state"])
        let subclass = """
            @interface Export : NSOperation
            @end
            @implementation Export
            - (instancetype)init {
                self.completionBlock = ^{ NSLog(@"exported"); };
                return self;
            }
            @end
            """
        #expect(findings(subclass, .objc).contains("5 Operation state"))
        // An SDK's own callback named `completionBlock`: a property, a parameter, an ivar.
        let nearMiss = """
            @implementation Prefetcher
            - (void)prefetch:(NSArray *)urls completed:(void (^)(NSUInteger))completionBlock {
                if (completionBlock) { completionBlock(0); }
                token.completionBlock = completionBlock;
                self.completionBlock = nil;
            }
            @end
            """
        #expect(!findings(nearMiss, .objc).contains { $0.hasSuffix("Operation state") })
    }

    @Test func aDelayCalledOffFromSeveralPlacesIsACancellableDelay() {
        let hit = """
            func scheduleStart() {
                let work = DispatchWorkItem { [weak self] in self?.beginPolling() }
                startItem?.cancel()
                startItem = work
                queue.asyncAfter(deadline: .now() + delayToNextMinute(), execute: work)
            }
            func pause() { startItem?.cancel() }
            func stop() { startItem?.cancel(); poller = nil }
            """
        #expect(page(hit, "DispatchQueue.asyncAfter") == "cancellable-delay")
        #expect(page(hit, "DispatchWorkItem.cancel", line: 3) == "cancellable-delay")
        #expect(page(hit, "DispatchWorkItem.cancel", line: 7) == "cancellable-delay")
        // Cancelled and scheduled again on every keystroke, and once more when the view goes.
        let nearMiss = """
            func textChanged(_ text: String) {
                pendingSearch?.cancel()
                let work = DispatchWorkItem { [weak self] in self?.search(text) }
                pendingSearch = work
                DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(300), execute: work)
            }
            func viewWillDisappear() { pendingSearch?.cancel() }
            """
        #expect(page(nearMiss, "DispatchQueue.asyncAfter") == "debounce")
        #expect(page(nearMiss, "DispatchWorkItem.cancel", line: 2) == "debounce")
    }

    @Test func aSemaphorePingOfTheMainThreadIsAWatchdog() {
        let hit = """
            func responseTime() -> TimeInterval {
                let answered = DispatchSemaphore(value: 0)
                let start = Date()
                DispatchQueue.main.async {
                    answered.signal()
                }
                _ = answered.wait(timeout: .now() + 2)
                return Date().timeIntervalSince(start)
            }
            func start() {
                monitor = Thread { [weak self] in
                    while let self, !Thread.current.isCancelled { self.check(self.responseTime()) }
                }
                monitor?.start()
            }
            """
        let scanned = ScanFixtures.scan(hit)
        #expect(scanned.first { $0.api == "DispatchSemaphore(value: 0)" }?.recipes.first == "main-thread-watchdog")
        #expect(scanned.first { $0.api == "DispatchSemaphore.wait" }?.recipes.first == "main-thread-watchdog")
        #expect(scanned.first { $0.api == "DispatchSemaphore.wait" }?.hazards.isEmpty == true)
        #expect(scanned.first { $0.api == "Thread" }?.recipes.first == "main-thread-watchdog")
        #expect(scanned.first { $0.api == "DispatchQueue.main.async" }?.recipes.first == "main-thread-watchdog")
        // Waiting for a callback's answer, with no time limit: the blocking wait it is.
        let nearMiss = """
            func token() -> String? {
                let done = DispatchSemaphore(value: 0)
                var result: String?
                auth.refresh { value in
                    result = value
                    done.signal()
                }
                done.wait()
                return result
            }
            """
        let waited = ScanFixtures.scan(nearMiss)
        #expect(waited.first { $0.api == "DispatchSemaphore.wait" }?.recipes.first == "sync-wait-for-callback")
        #expect(waited.first { $0.api == "DispatchSemaphore.wait" }?.hazards.isEmpty == false)
    }

    @Test func aHopToMainThatSchedulesATimerIsTheTimers() {
        let hit = """
            func startFlushTimer() {
                DispatchQueue.main.async { [weak self] in
                    guard let self else { return }
                    self.timer = Timer.scheduledTimer(timeInterval: 30, target: self,
                        selector: #selector(self.flush), userInfo: nil, repeats: true)
                }
            }
            """
        #expect(page(hit, "DispatchQueue.main.async") == page(hit, "Timer.scheduledTimer"))
        #expect(page(hit, "DispatchQueue.main.async") == "repeating-timer")
        let nearMiss = "func loaded(_ rows: [Row]) {\n    DispatchQueue.main.async { self.table.reload(rows) }\n}"
        #expect(page(nearMiss, "DispatchQueue.main.async") == "main-queue-ui-update")
    }

    @Test func aRunLoopModeIsAnArgumentOfItsCall() {
        let hit = "SCNetworkReachabilityScheduleWithRunLoop(reachability, CFRunLoopGetMain(), kCFRunLoopCommonModes);"
        #expect(findings(hit, .objc) == ["1 RunLoop"])
        let timer = "[[NSRunLoop mainRunLoop] addTimer:self.poll forMode:NSRunLoopCommonModes];"
        #expect(findings(timer, .objc).contains("1 RunLoop.add(_:forMode:)"))
        let processExit = """
            - (void)watch:(pid_t)pid {
                int queue = kqueue();
                struct kevent change;
                EV_SET(&change, pid, EVFILT_PROC, EV_ADD | EV_ONESHOT, NOTE_EXIT, 0, NULL);
                kevent(queue, &change, 1, NULL, 0, NULL);
                CFFileDescriptorRef fd = CFFileDescriptorCreate(NULL, queue, true, exited, NULL);
                CFRunLoopSourceRef source = CFFileDescriptorCreateRunLoopSource(NULL, fd, 0);
                CFRunLoopAddSource(CFRunLoopGetCurrent(), source, kCFRunLoopDefaultMode);
            }
            """
        #expect(page(processExit, "CFRunLoopSource", .objc) == "dispatch-source-process-exit")
        let nearMiss = processExit.replacingOccurrences(of: "EVFILT_PROC", with: "EVFILT_READ")
            .replacingOccurrences(of: "NOTE_EXIT", with: "0")
        #expect(page(nearMiss, "CFRunLoopSource", .objc) != "dispatch-source-process-exit")
    }

    @Test func aDelayThatSchedulesItsOwnFunctionAgainIsATicker() {
        let hit = """
            func sweepPeriodically() {
                performSweep()
                queue.asyncAfter(deadline: .now() + sweepInterval) { [weak self] in
                    self?.sweepPeriodically()
                }
            }
            """
        #expect(page(hit, "DispatchQueue.asyncAfter") == "repeating-timer")
        let nearMiss = """
            func sweepSoon() {
                queue.asyncAfter(deadline: .now() + sweepInterval) { [weak self] in
                    self?.sweepSoonIfNeeded()
                }
            }
            """
        #expect(page(nearMiss, "DispatchQueue.asyncAfter") != "repeating-timer")
    }
}
