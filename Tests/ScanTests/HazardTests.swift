import Foundation
import ScanKit
import Testing

/// Each hazard heuristic, on a hit and on a near miss that must stay quiet.
@Suite struct HazardTests {
    func hazards(_ source: String, _ language: SourceLanguage = .swift) -> [String: [String]] {
        var result: [String: [String]] = [:]
        for finding in ScanFixtures.scan(source, language) where !finding.hazards.isEmpty {
            result["\(finding.line):\(finding.api)", default: []] += finding.hazards.map(\.message)
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
        // Which thread waits isn't shown: possible. In main-actor code the main thread waits: likely.
        #expect(hazards(hit)["6:DispatchSemaphore.wait"]?.first?.contains("possible blocking wait") == true)
        let onMain = "@MainActor final class Loader {\n    func load() {\n" + hit + "\n    }\n}"
        #expect(hazards(onMain)["8:DispatchSemaphore.wait"]?.first?.contains("likely blocking wait") == true)
        let group = """
            let group = DispatchGroup()
            group.enter()
            load { group.leave() }
            _ = group.wait(timeout: .now() + 5)
            """
        #expect(hazards(group).keys.sorted() == ["4:DispatchGroup.wait"])
        // `wait(timeout: .now())` asks whether the callback came, and never blocks.
        let poll = group.replacingOccurrences(of: ".now() + 5", with: ".now()")
        #expect(hazards(poll).isEmpty)
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

/// The isolation hazards: a closure written in main-actor code that Dispatch runs elsewhere, and a
/// detached task that goes back to the main actor.
@Suite struct IsolationHazardTests {
    func hazards(_ source: String, defaultIsolation: DefaultIsolation = .nonisolated) -> [String: [String]] {
        ScanFixtures.hazards(source, defaultIsolation: defaultIsolation)
    }

    static let monitor = """
        final class PressureMonitor {
            private let source = DispatchSource.makeMemoryPressureSource(eventMask: .warning, queue: .global())
            func start() {
                source.setEventHandler { self.trim() }
                source.resume()
            }
        }
        """

    @Test func aHandlerWrittenInAMainActorTypeIsAnIsolationTrap() throws {
        let found = hazards("@MainActor\n" + Self.monitor)
        let hazard = try #require(found["5:DispatchSource.setEventHandler"]?.first)
        #expect(hazard.contains("likely runtime isolation trap"))
        #expect(hazard.contains("callback-isolation-trap"))
        #expect(found.count == 1, "only the handler, not resume(): \(found)")
        // A closure that states its own isolation, and a `@MainActor` attribute on a stored
        // property, leave the type's other members alone.
        let attributes = """
            @MainActor
            @Observable
            final class Model {
                func start() { source.setCancelHandler { close() } }
            }
            final class Plain {
                @MainActor var title = ""
                func start() { source.setEventHandler { tick() } }
            }
            """
        #expect(hazards(attributes).keys.sorted() == ["4:DispatchSource.setEventHandler"])
    }

    @Test func theSameHandlerOutsideMainActorCodeIsQuiet() {
        #expect(hazards(Self.monitor).isEmpty)
        let nonisolatedMember = """
            @MainActor final class PressureMonitor {
                nonisolated func start(source: DispatchSourceMemoryPressure) {
                    source.setEventHandler { trim() }
                }
            }
            """
        #expect(hazards(nonisolatedMember).isEmpty)
        let onAnotherQueuesBlock = """
            @MainActor final class Reader {
                func start() {
                    DispatchQueue.global().async {
                        let source = DispatchSource.makeReadSource(fileDescriptor: 0, queue: .global())
                        source.setEventHandler { read() }
                    }
                }
            }
            """
        #expect(hazards(onAnotherQueuesBlock).isEmpty)
        let parameterAttribute = """
            func run(_ body: @MainActor () -> Void) {
                source.setEventHandler { tick() }
            }
            """
        #expect(hazards(parameterAttribute).isEmpty)
    }

    @Test func defaultMainActorIsolationMakesEveryFileMainActorCode() {
        let found = hazards(Self.monitor, defaultIsolation: .mainActor)
        #expect(found.keys.sorted() == ["4:DispatchSource.setEventHandler"])
        let actor = """
            actor PressureMonitor {
                func start(source: DispatchSourceMemoryPressure) { source.setEventHandler { trim() } }
            }
            """
        #expect(hazards(actor, defaultIsolation: .mainActor).isEmpty)
        let concurrent = """
            @concurrent func start(source: DispatchSourceMemoryPressure) async {
                source.setEventHandler { trim() }
            }
            """
        #expect(hazards(concurrent, defaultIsolation: .mainActor).isEmpty)
    }

    @Test func aCallbackOnANamedQueueTrapsUnlessTheQueueIsMain() {
        let source = """
            @MainActor final class Loader {
                let group = DispatchGroup()
                func finish() {
                    group.notify(queue: .main) { self.show() }
                    group.notify(queue: workQueue) { self.show() }
                    DispatchIO.read(fromFileDescriptor: fd, maxLength: 4096, runningHandlerOn: ioQueue) { data, error in
                        self.show()
                    }
                    DispatchIO.read(fromFileDescriptor: fd, maxLength: 4096, runningHandlerOn: .main) { _, _ in }
                }
            }
            """
        let found = hazards(source)
        #expect(found.keys.sorted() == ["5:DispatchGroup.notify", "6:DispatchIO.read"])
        // `notify(queue: .global())` keeps its own hazard, once.
        let global = "@MainActor func finish(group: DispatchGroup) {\n    group.notify(queue: .global()) { }\n}"
        #expect(hazards(global).values.map(\.count) == [1])
    }

    @Test func aDetachedTaskThatCallsSelfInMainActorCode() throws {
        let hit = """
            @MainActor final class ViewModel {
                func load() {
                    Task.detached {
                        let rows = parse(data)
                        await self.show(rows)
                    }
                }
            }
            """
        let found = hazards(hit)
        let hazard = try #require(found["3:Task.detached calling main-actor code"]?.first)
        #expect(hazard.contains("where-does-it-run"))
        #expect(found.count == 1)
        let findings = SourceScanner(table: ScanFixtures.scanner.table).scan(source: hit, language: .swift)
        #expect(findings.first?.recipes.first == "where-does-it-run")

        let hopsExplicitly = """
            @MainActor final class ViewModel {
                func load() {
                    Task.detached {
                        let rows = parse(data)
                        await MainActor.run { self.show(rows) }
                    }
                }
            }
            """
        #expect(hazards(hopsExplicitly).isEmpty)
        let plainType = hit.replacingOccurrences(of: "@MainActor ", with: "")
        #expect(hazards(plainType).isEmpty)
        #expect(hazards(plainType, defaultIsolation: .mainActor).keys.sorted() == ["3:Task.detached calling main-actor code"])
        let inheriting = hit.replacingOccurrences(of: "Task.detached", with: "Task")
        #expect(hazards(inheriting).isEmpty)
    }
}

extension IsolationHazardTests {
    @Test func aPreconcurrencyConformanceIsAFindingButAnImportIsNot() {
        let source = """
            @preconcurrency import LegacySDK
            @MainActor final class Player: @preconcurrency PlayerDelegate {}
            """
        let findings = ScanFixtures.scan(source)
        #expect(findings.map(\.line) == [2])
        #expect(findings.first?.api == "@preconcurrency")
    }
}

extension IsolationHazardTests {
    @Test func aSendableClosureIsNeverMainActorIsolated() {
        let source = """
            @MainActor final class Cache {
                func watch(source: DispatchSourceMemoryPressure) {
                    source.setEventHandler { @Sendable [weak self] in
                        DispatchQueue.main.async { self?.trim() }
                    }
                }
            }
            """
        #expect(hazards(source).isEmpty)
    }

    /// `LegacyApp` is compiled as Xcode 26 compiles an app target; `callback-isolation-trap`'s
    /// legacy file there has two handlers that trap and two `@Sendable` ones that don't.
    @Test func theAppTargetsTrapsAreFoundAndItsFixesAreNot() throws {
        let path = ScanFixtures.packageRoot.appendingPathComponent("Sources/LegacyApp/Isolation/ImageCache.swift").path
        let scanner = SourceScanner(table: ScanFixtures.scanner.table, defaultIsolation: .mainActor)
        let traps = try scanner.scan(paths: [path]).findings.filter {
            $0.hazards.contains { $0.message.contains("likely runtime isolation trap") }
        }
        #expect(traps.map(\.api) == ["DispatchSource.setEventHandler", "DispatchIO.read"])
        let asPackage = try ScanFixtures.scanner.scan(paths: [path]).findings.filter {
            $0.hazards.contains { $0.message.contains("likely runtime isolation trap") }
        }
        #expect(asPackage.isEmpty)
    }
}

/// Half-migrated code: legacy calls in the wrong place of modern code.
@Suite struct HalfMigratedHazardTests {
    func hazards(_ source: String, defaultIsolation: DefaultIsolation = .nonisolated) -> [String: [String]] {
        ScanFixtures.hazards(source, defaultIsolation: defaultIsolation)
    }

    @Test func aBlockingWaitInAsyncCode() throws {
        let hit = """
            func load() async throws -> Data {
                let done = DispatchSemaphore(value: 0)
                if cache.isEmpty {
                    done.wait()
                }
                Thread.sleep(forTimeInterval: 0.1)
                usleep(1000)
                return data
            }
            """
        let found = hazards(hit)
        #expect(found.keys.sorted() == ["4:DispatchSemaphore.wait", "6:Thread.sleep", "7:Thread.sleep"])
        let hazard = try #require(found["4:DispatchSemaphore.wait"]?.first)
        #expect(hazard.contains("likely blocking wait in async code"))
        #expect(hazard.contains("semaphore-in-async-starvation"))
        let inATask = "func start() {\n    Task {\n        group.wait()\n    }\n}\nlet group = DispatchGroup()"
        #expect(hazards(inATask).keys.sorted() == ["3:DispatchGroup.wait"])
        let inChildren = """
            func start() async {
                await withTaskGroup(of: Void.self) { group in
                    group.addTask {
                        usleep(1000)
                    }
                }
                await withCheckedContinuation { continuation in
                    semaphore.wait()
                    continuation.resume()
                }
            }
            let semaphore = DispatchSemaphore(value: 0)
            """
        #expect(hazards(inChildren).keys.sorted() == ["4:Thread.sleep", "8:DispatchSemaphore.wait"])
        let multiLine = "func load(\n    url: URL\n) async -> Data {\n    Thread.sleep(forTimeInterval: 1)\n}"
        #expect(hazards(multiLine).keys.sorted() == ["4:Thread.sleep"])
    }

    @Test func theSameWaitOutsideAsyncCodeIsQuiet() {
        let sync = "func load() -> Data {\n    Thread.sleep(forTimeInterval: 0.1)\n    return data\n}"
        #expect(hazards(sync).isEmpty)
        let onAQueue = """
            func load() async {
                DispatchQueue.global().async {
                    Thread.sleep(forTimeInterval: 0.1)
                }
            }
            """
        #expect(hazards(onAQueue).isEmpty)
        let nestedSyncFunction = """
            func load() async {
                func pause() { Thread.sleep(forTimeInterval: 0.1) }
            }
            """
        #expect(hazards(nestedSyncFunction).isEmpty)
        let requirement = "protocol Loader {\n    func load() async\n}\nfunc pause() {\n    Thread.sleep(forTimeInterval: 1)\n}"
        #expect(hazards(requirement).isEmpty)
        let ownThread = """
            func load() async throws -> Data {
                try await worker.run {
                    Thread.sleep(forTimeInterval: 0.1)
                }
            }
            """
        #expect(hazards(ownThread).isEmpty, "a closure handed to another API may run on its own thread")
    }

    @Test func mainAsyncInAMainActorFunctionIsANeedlessHop() throws {
        let hit = """
            @MainActor final class FeedViewController {
                func refresh() {
                    if isVisible {
                        DispatchQueue.main.async { self.tableView.reloadData() }
                    }
                }
            }
            """
        let hazard = try #require(hazards(hit)["4:DispatchQueue.main.async"]?.first)
        #expect(hazard.contains("likely needless hop"))
        #expect(hazard.contains("main-queue-ui-update"))
        let appTarget = hit.replacingOccurrences(of: "@MainActor ", with: "")
        #expect(hazards(appTarget).isEmpty)
        #expect(hazards(appTarget, defaultIsolation: .mainActor).keys.sorted() == ["4:DispatchQueue.main.async"])
    }

    @Test func mainAsyncFromACallbackIsTheHopItShouldBe() {
        let callback = """
            @MainActor final class FeedViewController {
                func refresh() {
                    session.dataTask(with: url) { data, _, _ in
                        DispatchQueue.main.async { self.show(data) }
                    }.resume()
                }
                nonisolated func received(_ data: Data) {
                    DispatchQueue.main.async { self.show(data) }
                }
            }
            """
        #expect(hazards(callback).isEmpty)
    }

    @Test func aContinuationThatNeverResumes() throws {
        let hit = """
            func load() async -> Data {
                await withCheckedContinuation { continuation in
                    client.fetch { data in
                        cache.store(data)
                    }
                }
            }
            """
        let hazard = try #require(hazards(hit)["2:withCheckedContinuation resumed never or twice"]?.first)
        #expect(hazard.contains("likely leaked continuation"))
        #expect(hazard.contains("sync-wait-for-callback"))
        let stored = """
            func next() async -> Int {
                await withCheckedContinuation { continuation in
                    waiters.append(continuation)
                }
            }
            """
        #expect(hazards(stored).isEmpty, "a continuation handed on is trusted")
        let resumed = """
            func load() async throws -> Data {
                try await withCheckedThrowingContinuation { continuation in
                    client.fetch { result in continuation.resume(with: result) }
                }
            }
            """
        #expect(hazards(resumed).isEmpty)
        let unnamed = """
            func load() async -> Data {
                await withCheckedContinuation { [client] continuation in
                    client.fetch { _ in }
                }
            }
            """
        #expect(hazards(unnamed).isEmpty, "a body whose parameter isn't read is not followed")
    }

    @Test func aContinuationResumedTwiceInOneBlock() throws {
        let hit = """
            func load() async -> Int {
                await withCheckedContinuation { continuation in
                    client.fetch { value in
                        if value < 0 {
                            continuation.resume(returning: 0)
                        }
                        continuation.resume(returning: value)
                        continuation.resume(returning: value)
                    }
                }
            }
            """
        let hazard = try #require(hazards(hit)["2:withCheckedContinuation resumed never or twice"]?.first)
        #expect(hazard.contains("likely double resume"))
        let branches = """
            func load() async throws -> Int {
                try await withCheckedThrowingContinuation { continuation in
                    client.fetch { result in
                        guard let value = result else {
                            continuation.resume(throwing: FetchError.empty)
                            return
                        }
                        if value > 0 { continuation.resume(returning: value) } else { continuation.resume(returning: 0) }
                    }
                }
            }
            """
        #expect(hazards(branches).isEmpty)
        let switched = """
            func load() async throws -> Int {
                try await withCheckedThrowingContinuation { continuation in
                    client.fetch { result in
                        switch result {
                        case .success(let value): continuation.resume(returning: value)
                        case .failure(let error): continuation.resume(throwing: error)
                        }
                    }
                }
            }
            """
        #expect(hazards(switched).isEmpty)
        let returned = """
            await withCheckedContinuation { c in
                c.resume()
                return
                c.resume()
            }
            """
        #expect(hazards(returned).isEmpty)
    }

    @Test func aContinuationBodyThatReturnsBeforeResuming() throws {
        let hit = """
            func reload(_ view: String) async {
                await withCheckedContinuation { continuation in
                    guard view != "reloadImageView" else { return }
                    log(view)
                    continuation.resume()
                }
            }
            """
        let hazard = try #require(hazards(hit)["2:withCheckedContinuation resumed never or twice"]?.first)
        #expect(hazard.contains("returns on a path that hasn't resumed it"))
        let resumesFirst = hit.replacingOccurrences(
            of: "else { return }", with: "else { continuation.resume(); return }")
        #expect(hazards(resumesFirst).isEmpty)
        let inACallback = """
            func load() async -> Int {
                await withCheckedContinuation { continuation in
                    client.fetch { value in
                        guard let value else { return }
                        continuation.resume(returning: value)
                    }
                }
            }
            """
        #expect(hazards(inACallback).isEmpty, "a return from a nested closure is that closure's")
    }

    /// Sources/Modern has some fifty continuations, all right but for the two that
    /// `dispatch-group-notify` gets wrong on purpose (`ReloadViews.resumeTooOften`, `.forgetToResume`).
    @Test func theModernSourcesHaveOnlyTheirDeliberateContinuationMistakes() throws {
        let folder = ScanFixtures.packageRoot.appendingPathComponent("Sources/Modern").path
        let mistakes = try ScanFixtures.scanner.scan(paths: [folder]).findings
            .filter { $0.api == "withCheckedContinuation resumed never or twice" }
            .map { "\(($0.path as NSString).lastPathComponent): \($0.hazards.first?.message.prefix(30) ?? "")" }
        #expect(
            mistakes == [
                "ReloadViews.swift: likely double resume: two `res",
                "ReloadViews.swift: likely leaked continuation: th",
            ])
    }
}

/// A `Task` started on every call of a handler.
@Suite struct TaskPerCallTests {
    func hazards(_ source: String) -> [String] {
        ScanFixtures.scan(source).filter { !$0.hazards.isEmpty }.map { "\($0.line):\($0.api)" }
    }

    @Test func aTaskPerMessageThatUsesTheMessage() throws {
        let hit = """
            final class ChatClient {
                func start() {
                    socket.onMessage = { [weak self] message in
                        Task { await self?.store.append(message) }
                    }
                    source.setEventHandler {
                        Task { await refresh() }
                    }
                    NotificationCenter.default.addObserver(forName: .changed, object: nil, queue: nil) { (note: Notification) in
                        if note.object != nil {
                            Task { await self.apply(note) }
                        }
                    }
                }
            }
            """
        #expect(hazards(hit) == ["4:Task per handler call", "11:Task per handler call"])
        let finding = try #require(ScanFixtures.scan(hit).first { $0.api == "Task per handler call" })
        #expect(finding.recipes.first == "ordered-async-writes")
        #expect(finding.hazards.first?.message.contains("likely reordering") == true)
    }

    @Test func aOneShotCompletionOrATaskThatIgnoresTheArgumentsIsQuiet() {
        let completion = """
            func load() {
                client.fetch { result in
                    Task { await self.show(result) }
                }
                socket.onMessage = { message in
                    Task { await self.ping() }
                }
                let handler = { (value: Int) in print(value) }
            }
            """
        #expect(hazards(completion).isEmpty)
    }
}

/// Which page a finding opens first, where the first guess was wrong on a real app.
@Suite struct HomeRecipeTests {
    @Test func aOneShotTimerAndAPlainDelayOpenTheirOwnPages() {
        let swift = """
            let once = Timer.scheduledTimer(withTimeInterval: 1, repeats: false) { _ in fire() }
            let ticker = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { _ in tick() }
            DispatchQueue.main.asyncAfter(deadline: .now() + 1) { go() }
            """
        #expect(ScanFixtures.scan(swift).map { $0.recipes.first ?? "" } == ["one-shot-timer", "repeating-timer", "delayed-task"])
        let objc = "[NSTimer scheduledTimerWithTimeInterval:1 target:self selector:@selector(fire) userInfo:nil repeats:NO];"
        #expect(ScanFixtures.scan(objc, .objc).map { $0.recipes.first ?? "" } == ["one-shot-timer"])
        let cancelAll = "let queue = OperationQueue()\nqueue.cancelAllOperations()"
        #expect(ScanFixtures.scan(cancelAll).last?.recipes.first == "operation-cancellation")
    }
}
