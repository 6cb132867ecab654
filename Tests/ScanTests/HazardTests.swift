import ScanKit
import Testing

/// Each hazard heuristic, on a hit and on a near miss that must stay quiet.
@Suite struct HazardTests {
    func hazards(_ source: String, _ language: SourceLanguage = .swift) -> [String: [String]] {
        var result: [String: [String]] = [:]
        for finding in ScanFixtures.scan(source, language) where !finding.hazards.isEmpty {
            result["\(finding.line):\(finding.api)", default: []] += finding.hazards
        }
        return result
    }

    @Test func mainSyncIsAlwaysAHazard() {
        #expect(hazards("DispatchQueue.main.sync { update() }").keys.sorted() == ["1:DispatchQueue.main.sync"])
        #expect(
            hazards("dispatch_sync(dispatch_get_main_queue(), ^{ update(); });", .objc).keys.sorted()
                == ["1:DispatchQueue.main.sync"])
        #expect(hazards("DispatchQueue.main.async { update() }").isEmpty)
    }

    @Test func syncOntoTheQueueABlockRunsOn() {
        let hit = """
            let queue = DispatchQueue(label: "q")
            queue.async {
                queue.sync { work() }
            }
            """
        #expect(hazards(hit)["3:DispatchQueue.sync"]?.first?.contains("likely deadlock") == true)
        let nearMiss = """
            let queue = DispatchQueue(label: "q")
            let other = DispatchQueue(label: "o")
            queue.async {
                other.sync { work() }
            }
            queue.sync { work() }
            """
        #expect(hazards(nearMiss).isEmpty)
        let objc = """
            dispatch_queue_t queue = dispatch_queue_create("q", NULL);
            dispatch_async(queue, ^{
                dispatch_sync(queue, ^{ work(); });
            });
            """
        #expect(hazards(objc, .objc).keys.sorted() == ["3:DispatchQueue.sync"])
    }

    @Test func waitRightAfterACallbackThatSignals() {
        let hit = """
            let done = DispatchSemaphore(value: 0)
            fetch { value in
                result = value
                done.signal()
            }
            done.wait()
            """
        #expect(hazards(hit)["6:DispatchSemaphore.wait"]?.first?.contains("likely blocking wait") == true)
        let group = """
            let group = DispatchGroup()
            group.enter()
            load { group.leave() }
            _ = group.wait(timeout: .now() + 5)
            """
        #expect(hazards(group).keys.sorted() == ["4:DispatchGroup.wait"])
        let nearMiss = """
            let gate = DispatchSemaphore(value: 1)
            gate.wait()
            counter += 1
            gate.signal()
            gate.wait()
            """
        #expect(hazards(nearMiss).isEmpty)
        let objc = """
            dispatch_semaphore_t done = dispatch_semaphore_create(0);
            [client fetch:^(NSData *data) { dispatch_semaphore_signal(done); }];
            dispatch_semaphore_wait(done, DISPATCH_TIME_FOREVER);
            """
        #expect(hazards(objc, .objc).keys.sorted() == ["3:DispatchSemaphore.wait"])
    }

    @Test func aLockHeldAcrossACallback() {
        let hit = """
            private let lock = NSLock()
            func finish(completion: () -> Void) {
                lock.lock()
                state = .done
                completion()
                lock.unlock()
            }
            """
        #expect(hazards(hit)["3:NSLock.lock"]?.first?.contains("`completion`") == true)
        let nearMiss = """
            private let lock = NSLock()
            func finish(completion: () -> Void) {
                lock.lock()
                state = .done
                lock.unlock()
                completion()
            }
            """
        #expect(hazards(nearMiss).isEmpty)
        let scoped = "lock.withLock { onChange?(state) }\nlet lock = NSLock()"
        #expect(hazards(scoped).keys.sorted() == ["1:NSLock.lock"])
        let objc = "@synchronized (self) { handler(YES); }\n@synchronized (self) { count += 1; }\nhandler(NO);"
        #expect(hazards(objc, .objc).keys.sorted() == ["1:@synchronized"])
        let pthread = "pthread_mutex_lock(&_mutex);\nreplyBlock(x);\npthread_mutex_unlock(&_mutex);"
        #expect(hazards(pthread, .objc).keys.sorted() == ["1:pthread_mutex_*"])
    }
}
