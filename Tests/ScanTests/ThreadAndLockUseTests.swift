import Foundation
import ScanKit
import Testing

/// The second held-out sample's classes (twelve more public files): a worker pool's semaphore, a
/// run-loop thread, `NSLock` guarding a synchronous API, a delay that is a timeout, and
/// `@preconcurrency` on a declaration, each with a hit and a near miss.
@Suite struct ThreadAndLockUseTests {
    func page(_ source: String, _ api: String, line: Int? = nil, _ language: SourceLanguage = .swift) -> String? {
        ScanFixtures.scan(source, language).first { $0.api == api && (line == nil || $0.line == line) }?.recipes.first
    }

    @Test func preconcurrencyOnADeclarationIsNotAConformance() {
        let declaration = """
            @preconcurrency
            public func submit(_ body: @escaping @Sendable (WorkState) -> Void) { run(body) }
            """
        #expect(ScanFixtures.scan(declaration).isEmpty)
        let attributes = "@preconcurrency @MainActor public var onChange: (() -> Void)?"
        #expect(ScanFixtures.scan(attributes).isEmpty)
        let conformance = "extension PlayerView: @preconcurrency AVPlayerViewControllerDelegate {}"
        #expect(page(conformance, "@preconcurrency") == "delegate-conformance-isolation")
    }

    @Test func anNSLockBehindASynchronousAPIIsAMutex() {
        let hit = """
            final class Staging {
                private let lock = NSLock()
                private var pending: [String: Data] = [:]
                func data(for key: String) -> Data? {
                    lock.lock()
                    defer { lock.unlock() }
                    return pending[key]
                }
            }
            """
        #expect(page(hit, "NSLock") == "lock-zoo")
        #expect(page(hit, "NSLock.lock", line: 5) == "lock-zoo")
        // A lock of the app's own type is not `NSLock`: no finding to send anywhere.
        let nearMiss = hit.replacingOccurrences(of: "NSLock()", with: "SpinLock()")
        #expect(ScanFixtures.scan(nearMiss).isEmpty)
    }

    @Test func aDelayThatFailsWhatIsStillPendingIsATimeout() {
        let hit = """
            func connect() {
                stream.open()
                queue.asyncAfter(deadline: .now() + timeout) { [weak self] in
                    guard let self, !self.isOpen else { return }
                    self.fail(.connectionTimedOut)
                }
            }
            """
        #expect(page(hit, "DispatchQueue.asyncAfter") == "connect-timeout")
        let nearMiss = """
            func showHint() {
                DispatchQueue.main.asyncAfter(deadline: .now() + 2) { self.hint.isHidden = false }
            }
            """
        #expect(page(nearMiss, "DispatchQueue.asyncAfter") == "delayed-task")
    }

    @Test func aThreadThatRunsARunLoopHostsSources() {
        let hit = """
            final class EventThread: Thread {
                private let ready = DispatchSemaphore(value: 0)
                override init() {
                    super.init()
                    start()
                    ready.wait()
                }
                override func main() {
                    ready.signal()
                    CFRunLoopRun()
                }
            }
            """
        #expect(page(hit, "Thread") == "run-loop-worker-thread")
        #expect(page(hit, "DispatchSemaphore.wait") == "run-loop-worker-thread")
        let nearMiss = """
            func crunch() {
                let worker = Thread { total = numbers.reduce(0, +) }
                worker.start()
            }
            """
        #expect(page(nearMiss, "Thread") != "run-loop-worker-thread")
    }

    @Test func aSemaphoreWaitedOnInAThreadsLoopIsAWorkerPool() {
        let hit = """
            final class Pool {
                private let jobsReady = DispatchSemaphore(value: 0)
                private let lock = NSLock()
                private var jobs: [() -> Void] = []
                func submit(_ job: @escaping () -> Void) {
                    lock.withLock { jobs.append(job) }
                    jobsReady.signal()
                }
                private func workerLoop() {
                    while true {
                        jobsReady.wait()
                        let job = lock.withLock { jobs.removeFirst() }
                        job()
                    }
                }
            }
            """
        #expect(page(hit, "DispatchSemaphore(value: 0)") == "worker-thread-pool")
        #expect(page(hit, "DispatchSemaphore.wait") == "worker-thread-pool")
        // The lock around the pool's jobs is the pool's too.
        #expect(page(hit, "NSLock.lock", line: 6) == "worker-thread-pool")
        // Waited on once, for one reply.
        let nearMiss = """
            private let replied = DispatchSemaphore(value: 0)
            func ask() -> String {
                client.send { self.reply = $0; self.replied.signal() }
                replied.wait()
                return reply
            }
            """
        #expect(page(nearMiss, "DispatchSemaphore.wait") == "sync-wait-for-callback")
        let withALock = nearMiss + "\nlet lock = NSLock()\nfunc read() { lock.lock(); lock.unlock() }"
        #expect(page(withALock, "NSLock.lock") == "lock-zoo")
    }

    @Test func aMainThreadTestThatNeverHopsOnlyChecks() {
        let hit = """
            - (void)waitUntilFinished {
                if ([NSThread isMainThread]) {
                    NSLog(@"waiting on the main thread blocks the UI");
                }
                [self.condition wait];
            }
            """
        #expect(page(hit, "Thread.isMainThread", .objc) == "main-thread-check")
        let nearMiss = """
            func show() {
                if Thread.isMainThread { render() } else { DispatchQueue.main.async { render() } }
            }
            """
        #expect(page(nearMiss, "Thread.isMainThread") == "main-inline-or-async")
    }

    @Test func aSleepInAQueuesBlockHoldsAThread() {
        let hit = """
            let trimQueue = DispatchQueue(label: "trim")
            func trim() {
                trimQueue.async {
                    while !self.lock.try() { usleep(10_000) }
                    self.evict()
                    self.lock.unlock()
                }
            }
            """
        #expect(page(hit, "Thread.sleep") == "blocking-the-pool")
        // A thread of its own that paces a loop: the thread's page.
        let nearMiss = """
            let worker = Thread {
                while !Thread.current.isCancelled {
                    poll()
                    Thread.sleep(forTimeInterval: 1)
                }
            }
            """
        #expect(page(nearMiss, "Thread.sleep") != "blocking-the-pool")
    }

    @Test func aWorkItemWaitedOnIsALatch() {
        let hit = """
            func shutdownAndWait() {
                let done = DispatchWorkItem {}
                pool.shutdown { _ in done.perform() }
                done.wait()
            }
            """
        #expect(page(hit, "DispatchWorkItem") == "sync-wait-for-callback")
        #expect(page(hit, "DispatchWorkItem.wait") == "sync-wait-for-callback")
        let nearMiss = """
            func scheduleSave() {
                let save = DispatchWorkItem { self.store.save() }
                pending = save
                DispatchQueue.main.asyncAfter(deadline: .now() + 1, execute: save)
            }
            """
        #expect(page(nearMiss, "DispatchWorkItem") != "sync-wait-for-callback")
    }

    /// An observer on the main run loop timed by a watchdog thread detects hangs: both calls lead
    /// to `main-thread-watchdog`, in Swift and in Objective-C. A timer added to a run loop is not
    /// an observer.
    @Test func aRunLoopObserverOnMainIsAHangWatchdog() {
        let hit = """
            func startMonitoring() {
                let observer = CFRunLoopObserverCreateWithHandler(kCFAllocatorDefault,
                    CFRunLoopActivity.allActivities.rawValue, true, 0) { _, activity in
                    self.activity = activity
                    self.semaphore.signal()
                }
                CFRunLoopAddObserver(CFRunLoopGetMain(), observer, .commonModes)
            }
            """
        #expect(page(hit, "CFRunLoopObserver", line: 2) == "main-thread-watchdog")
        #expect(page(hit, "CFRunLoopObserver", line: 7) == "main-thread-watchdog")
        let objc = """
            - (void)start {
                CFRunLoopObserverContext context = {0, (__bridge void *)self, NULL, NULL};
                _observer = CFRunLoopObserverCreate(kCFAllocatorDefault, kCFRunLoopAllActivities,
                    YES, 0, &runLoopObserverCallBack, &context);
                CFRunLoopAddObserver(CFRunLoopGetMain(), _observer, kCFRunLoopCommonModes);
            }
            """
        #expect(page(objc, "CFRunLoopObserver", line: 3, .objc) == "main-thread-watchdog")
        #expect(page(objc, "CFRunLoopObserver", line: 5, .objc) == "main-thread-watchdog")
        let nearMiss = """
            func startTicking() {
                let timer = CFRunLoopTimerCreateWithHandler(nil, CFAbsoluteTimeGetCurrent(), 1, 0, 0) { _ in
                    self.tick()
                }
                CFRunLoopAddTimer(CFRunLoopGetMain(), timer, .commonModes)
            }
            """
        #expect(page(nearMiss, "CFRunLoopObserver") == nil)
        #expect(ScanFixtures.scan(nearMiss).allSatisfy { $0.recipes.first != "main-thread-watchdog" })
    }

    /// A worker thread woken by an `NSCondition` and paused by a flag is a kept worker: the
    /// condition and the thread lead to `kept-thread-control`. Threads that wait on a condition
    /// for shared state (no pause) keep the condition's own page.
    @Test func aConditionThatWakesAPausableWorkerThreadIsAKeptWorker() {
        let hit = """
            final class Renderer {
                private let condition = NSCondition()
                private var isPaused = false
                private var pendingFrame: Frame?
                func start() {
                    worker = Thread { [weak self] in self?.run() }
                    worker?.start()
                }
                private func run() {
                    while true {
                        condition.lock()
                        while isPaused || pendingFrame == nil { condition.wait() }
                        let frame = pendingFrame
                        pendingFrame = nil
                        condition.unlock()
                        draw(frame)
                    }
                }
            }
            """
        #expect(page(hit, "NSCondition") == "kept-thread-control")
        #expect(page(hit, "Thread") == "kept-thread-control")
        let nearMiss = """
            final class TicketOffice {
                private let condition = NSCondition()
                private var tickets = 100
                func open() {
                    for _ in 0..<3 { Thread { self.sell() }.start() }
                }
                private func sell() {
                    condition.lock()
                    while tickets == 0 { condition.wait() }
                    tickets -= 1
                    condition.unlock()
                }
            }
            """
        #expect(page(nearMiss, "NSCondition") != "kept-thread-control")
        #expect(page(nearMiss, "Thread") != "kept-thread-control")
    }
}
