import Foundation
import ScanKit
import Testing

/// `scan` on the fixture app: exactly the marked lines are found, with their APIs, recipes and
/// hazards; comments, strings, `#if false` / `#if 0` blocks find nothing; multi-line calls are found
/// once, where they start.
@Suite struct FixtureAppTests {
    @Test func everyMarkedLineIsFoundAndNothingElse() throws {
        let expected = try ScanFixtures.expectations()
        #expect(expected.count > 50)
        let result = try ScanFixtures.scanner.scan(paths: [ScanFixtures.folder.path])
        let prefix = ScanFixtures.folder.path + "/"
        var unmatched = result.findings
        for expectation in expected {
            let index = unmatched.firstIndex {
                $0.path == prefix + expectation.path && $0.line == expectation.line && $0.api == expectation.api
            }
            guard let index else {
                Issue.record("not found: \(expectation)")
                continue
            }
            let finding = unmatched.remove(at: index)
            if let recipe = expectation.recipe {
                #expect(finding.recipes.contains(recipe), "\(expectation): recipes are \(finding.recipes)")
            } else {
                #expect(finding.recipes.isEmpty, "\(expectation): expected no recipe, got \(finding.recipes)")
            }
            #expect(
                finding.hazards.isEmpty != expectation.hazard,
                "\(expectation): hazards are \(finding.hazards)")
        }
        for finding in unmatched {
            Issue.record("unexpected: \(finding.path):\(finding.line):\(finding.column) \(finding.api)")
        }
    }

    @Test func bothLanguagesAreReadAndEveryFixtureFileCounts() throws {
        let result = try ScanFixtures.scanner.scan(paths: [ScanFixtures.folder.path])
        #expect(result.filesScanned == 5)
        #expect(Set(result.findings.map(\.language)) == [.swift, .objc])
        #expect(result.skipped.isEmpty)
    }

    @Test func aMultiLineChainIsOneFindingAtItsFirstLine() {
        let findings = ScanFixtures.scan("DispatchQueue\n    .main\n    .async {\n        work()\n    }\n")
        #expect(findings.map(\.api) == ["DispatchQueue.main.async"])
        #expect(findings.first?.line == 1)
        #expect(findings.first?.column == 1)
    }

    @Test func theMostSpecificAPIOfAnExpressionWins() {
        #expect(ScanFixtures.scan("Thread.sleep(forTimeInterval: 1)").map(\.api) == ["Thread.sleep"])
        #expect(ScanFixtures.scan("DispatchQueue.main.sync { }").map(\.api) == ["DispatchQueue.main.sync"])
        let objc = "[[NSOperationQueue mainQueue] addOperationWithBlock:^{ }];"
        #expect(ScanFixtures.scan(objc, .objc).map { "\($0.column) \($0.api)" } == ["3 OperationQueue.addOperation"])
    }

    /// An Objective-C message's later selector keywords are its argument words, as a Swift call's
    /// labels are: `performSelector:withObject:afterDelay:` is the delayed perform, and a plain
    /// `performSelector:withObject:` is not.
    @Test func selectorKeywordsOfAMessageAreItsArgumentWords() {
        let delayed = "[self performSelector:@selector(reload) withObject:nil afterDelay:0.3];"
        #expect(ScanFixtures.scan(delayed, .objc).map(\.api) == ["perform(_:with:afterDelay:)"])
        let kvo = "[player addObserver:self forKeyPath:@\"rate\" options:0 context:NULL];"
        #expect(ScanFixtures.scan(kvo, .objc).map(\.api) == ["KVO"])
        #expect(ScanFixtures.scan("[self performSelector:@selector(reload) withObject:nil];", .objc).isEmpty)
    }

    /// Posting to a library's own thread, in either language, leads to the custom executor.
    @Test func performOnAThreadLeadsToTheRunLoopExecutor() throws {
        let swift = "lib.perform(#selector(Lib.step), on: libraryThread, with: nil, waitUntilDone: true)"
        let objc = "[lib performSelector:@selector(step) onThread:libraryThread withObject:nil waitUntilDone:YES];"
        for finding in [ScanFixtures.scan(swift), ScanFixtures.scan(objc, .objc)] {
            let first = try #require(finding.first)
            #expect(finding.map(\.api) == ["perform(_:on:with:waitUntilDone:)"])
            #expect(first.recipes.first == "run-loop-executor")
        }
    }

    /// Shutting a socket down to wake its reader leads to the interruptible worker.
    @Test func shutdownOfASocketLeadsToTheInterruptibleWorker() throws {
        let swift = "lock.withLock { stopping = true; _ = shutdown(socket, Int32(SHUT_RDWR)) }"
        let finding = try #require(ScanFixtures.scan(swift).first { $0.api.hasPrefix("shutdown") })
        #expect(finding.recipes.first == "interruptible-blocking-worker")
        #expect(ScanFixtures.scan("pool.shutdown()").allSatisfy { !$0.api.hasPrefix("shutdown") })
    }

    @Test func progressObservationIsFoundInBothLanguages() {
        let swift =
            "let progress = Progress(totalUnitCount: 4)\nlet token = progress.observe(\\.completedUnitCount) { _, _ in }"
        #expect(ScanFixtures.scan(swift).map(\.api) == ["KVO on Progress"])
        let objc =
            "NSProgress *progress = task.progress;\n[progress addObserver:self forKeyPath:@\"fractionCompleted\" options:0 context:NULL];"
        #expect(ScanFixtures.scan(objc, .objc).map(\.api) == ["KVO on Progress"])
    }

    /// A socket's write source leads to the connection recipe, its read source to the accept recipe
    /// first and the connection recipe after it.
    @Test func aSocketsSourcesNameTheConnectionRecipe() throws {
        let swift = """
            let writer = DispatchSource.makeWriteSource(fileDescriptor: fd, queue: queue)
            let reader = DispatchSource.makeReadSource(fileDescriptor: fd, queue: queue)
            """
        let findings = ScanFixtures.scan(swift)
        #expect(findings.map(\.api) == ["DispatchSource.makeWriteSource", "DispatchSource.makeReadSource"])
        #expect(findings.first?.recipes.first == "socket-connection-stream")
        #expect(findings.last?.recipes.contains("socket-connection-stream") == true)
        let objc = "dispatch_source_t writer = dispatch_source_create(DISPATCH_SOURCE_TYPE_WRITE, fd, 0, queue);"
        let write = ScanFixtures.scan(objc, .objc).first { $0.api == "DispatchSource.makeWriteSource" }
        #expect(write?.recipes.first == "socket-connection-stream")
    }

    @Test func aFindingNamesItsRecipesAndTheModernCounterpart() throws {
        let finding = try #require(ScanFixtures.scan("group.enter()\nlet group = DispatchGroup()").first)
        #expect(finding.api == "DispatchGroup.enter")
        #expect(finding.recipes.contains("dispatch-group-notify"))
        #expect(finding.modern.contains("task-group"))
    }

    /// `waitUntilExit()` on a `Process`, in either language, leads to the bounded wait first.
    @Test func aProcessWaitLeadsToTheBoundedWait() throws {
        let swift = "let process = Process()\ntry process.run()\nprocess.waitUntilExit()"
        let finding = try #require(ScanFixtures.scan(swift).first { $0.api == "Process.waitUntilExit" })
        #expect(finding.recipes.first == "timeout-keep-late-result")
        let objc = "NSTask *task = [[NSTask alloc] init];\n[task launch];\n[task waitUntilExit];"
        #expect(ScanFixtures.scan(objc, .objc).map(\.api).contains("Process.waitUntilExit"))
    }

    /// A timer built for a date, and the clock-change notification that must re-arm it, lead to
    /// the wall-clock recipe first.
    @Test func aTimerForADateLeadsToFireAtDate() throws {
        let swift = """
            let timer = Timer(fireAt: meeting, interval: 0, target: self, selector: #selector(remind), userInfo: nil, repeats: false)
            RunLoop.main.add(timer, forMode: .common)
            NotificationCenter.default.addObserver(self, selector: #selector(rearm), name: .NSSystemClockDidChange, object: nil)
            """
        let findings = ScanFixtures.scan(swift)
        #expect(findings.first { $0.api == "Timer(fire:)" }?.recipes.first == "fire-at-date")
        #expect(findings.first { $0.api == "NSSystemClockDidChange" }?.recipes.first == "fire-at-date")
        let objc = """
            NSTimer *timer = [[NSTimer alloc] initWithFireDate:meeting interval:0 target:self selector:@selector(remind:) userInfo:nil repeats:NO];
            [[NSNotificationCenter defaultCenter] addObserver:self selector:@selector(rearm:) name:NSSystemClockDidChangeNotification object:nil];
            """
        let objcAPIs = ScanFixtures.scan(objc, .objc).map(\.api)
        #expect(objcAPIs.contains("Timer(fire:)"))
        #expect(objcAPIs.contains("NSSystemClockDidChange"))
    }

    /// A group entered per observed object and left from its KVO observer names the recipe that
    /// waits for all of them, beside the groups' own pages.
    @Test func anObserverThatLeavesAGroupNamesWaitForAllStates() throws {
        let swift = """
            let group = DispatchGroup()
            var observations: [NSKeyValueObservation] = []
            for item in items {
                group.enter()
                observations.append(item.observe(\\.status, options: [.initial]) { item, _ in
                    if item.status == .readyToPlay { group.leave() }
                })
            }
            let result = group.wait(timeout: .now() + 5)
            """
        let findings = ScanFixtures.scan(swift)
        for api in ["DispatchGroup.enter", "DispatchGroup.leave", "DispatchGroup.wait", "KVO"] {
            let finding = try #require(findings.first { $0.api == api }, "\(api)")
            #expect(finding.recipes.contains("wait-for-all-states"), "\(api)")
        }
        let leave = try #require(findings.first { $0.api == "DispatchGroup.leave" })
        #expect(leave.recipes.first == "group-wrap-callback-api")
    }
}
