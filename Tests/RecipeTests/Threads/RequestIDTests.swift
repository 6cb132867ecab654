import Foundation
import Legacy
import Modern
import RecipeKit
import Testing

@Suite struct RequestIDTests {
    enum Store: String, CaseIterable, Sendable {
        case threadDictionary, posixKey
    }

    static let ids = (0..<4).map { "r-\($0)" }

    /// Every thread stores its id, waits until all four have stored theirs (so all are alive at
    /// once), and then reads back only its own, under the same key.
    @Test(arguments: Store.allCases)
    func legacyValuesArePerThread(_ store: Store) async {
        let seen = await onOwnThread {
            let stored = DispatchGroup()
            for _ in Self.ids { stored.enter() }
            let reads = Locked<[String: String]>([:])
            let storeID: @Sendable (String) -> Void =
                switch store {
                case .threadDictionary: Legacy.RequestID.set
                case .posixKey: Legacy.RequestID.setPOSIX
                }
            Legacy.RequestID.handleOnThreads(Self.ids, store: { id in
                storeID(id)
                stored.leave()
            }) {
                stored.wait()
                let mine =
                    switch store {
                    case .threadDictionary: Legacy.RequestID.current()
                    case .posixKey: Legacy.RequestID.currentPOSIX()
                    }
                reads.withLock { $0[mine, default: ""] += "x" }
            }
            return reads.withLock { $0 }
        }
        #expect(seen == Dictionary(uniqueKeysWithValues: Self.ids.map { ($0, "x") }))
    }

    /// A value stored under the POSIX key is not in the thread dictionary, and the reverse.
    @Test func legacyStoresAreSeparate() async {
        let seen = await onOwnThread {
            let reads = Locked<[String]>([])
            Legacy.RequestID.handleOnThreads(["r-7"], store: Legacy.RequestID.setPOSIX) {
                reads.withLock { $0 += [Legacy.RequestID.currentPOSIX(), Legacy.RequestID.current()] }
            }
            Legacy.RequestID.handleOnThreads(["r-8"]) {
                reads.withLock { $0 += [Legacy.RequestID.current(), Legacy.RequestID.currentPOSIX()] }
            }
            return reads.withLock { $0 }
        }
        #expect(seen == ["r-7", "none", "r-8", "none"])
    }

    @Test func legacyNewThreadStartsWithAnEmptyDictionary() async {
        let recorder = Recorder()
        let bound = await onOwnThread { Legacy.RequestID.runNewThreadFromBoundThread(log: recorder.logger) }
        #expect(bound == "r-1")
        #expect(recorder.lines == ["caller: r-1", "new thread: none"])
    }

    /// Inside the binding: a child task and `Task {}` see `r-1`; `Task.detached` sees `none`; and
    /// a task started elsewhere while the binding is active (held open by a gate) sees `none`.
    @Test func modernChildTasksInheritDetachedAndUnrelatedTasksDoNot() async {
        let recorder = Recorder()
        let bound = await Modern.RequestID.runNewTasksFromBoundTask(log: recorder.logger)
        #expect(bound == "r-1")
        #expect(recorder.lines == ["caller: r-1", "child task: r-1", "Task {}: r-1", "Task.detached: none"])

        let bindingActive = AsyncStream.makeStream(of: Void.self)
        let unrelatedRead = AsyncStream.makeStream(of: String.self)
        let binder = Task {
            await Modern.RequestID.$current.withValue("r-1") {
                bindingActive.continuation.yield()
                var read = "?"
                for await value in unrelatedRead.stream {
                    read = value
                    break
                }
                return (mine: Modern.RequestID.current, unrelated: read)
            }
        }
        for await _ in bindingActive.stream { break }
        let unrelated = Task { Modern.RequestID.current }
        unrelatedRead.continuation.yield(await unrelated.value)
        let result = await binder.value
        #expect(result.mine == "r-1")
        #expect(result.unrelated == "none")
        #expect(Modern.RequestID.current == "none")
    }

    /// Four tasks each bind their own id under the same task-local and read back only their own.
    @Test func modernValuesArePerTask() async {
        let recorder = Recorder()
        await Modern.RequestID.handleInTasks(Self.ids) {
            await Task.yield()
            recorder.log("\(Modern.RequestID.current)")
        }
        #expect(recorder.lines.sorted() == Self.ids)
    }

    /// The value is still there after the task hops to another actor's executor and back.
    @Test func modernValueFollowsTheTaskAcrossAnActorHop() async {
        let elsewhere = Elsewhere()
        let (before, there, after) = await Modern.RequestID.$current.withValue("r-2") {
            let before = Modern.RequestID.current
            let there = await elsewhere.read()
            return (before, there, Modern.RequestID.current)
        }
        #expect([before, there, after] == ["r-2", "r-2", "r-2"])
    }

    /// A thread started inside the binding reads the default: task-locals live in tasks only.
    @Test func taskLocalDoesNotReachAThreadStartedInside() async {
        let seen = await Modern.RequestID.$current.withValue("r-3") {
            await withCheckedContinuation { continuation in
                Thread { continuation.resume(returning: Modern.RequestID.current) }.start()
            }
        }
        #expect(seen == "none")
    }

    @Test func legacyThreadsHaveEndedAfterHandling() async {
        let (before, after) = await onOwnThread {
            let before = (ProcessThreads.count() ?? 0)
            for _ in 0..<5 {
                Legacy.RequestID.runWithThreadDictionary { _ in }
                Legacy.RequestID.runWithPOSIXKey { _ in }
                Legacy.RequestID.runNewThreadFromBoundThread { _ in }
            }
            return (before, ProcessThreads.settledBlocking(atMost: before))
        }
        #expect(after <= before)
    }
}

private actor Elsewhere {
    func read() -> String { Modern.RequestID.current }
}
