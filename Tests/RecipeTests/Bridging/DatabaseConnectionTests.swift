import Dispatch
import Legacy
import Modern
import RecipeKit
import Testing

@Suite(.timeLimit(.minutes(1))) struct DatabaseConnectionTests {
    enum Side: String, CaseIterable, Sendable {
        case legacy, modern
    }

    /// The trap: the completion-handler shim of `async-api-completion-queue`, one `Task` per call.
    /// `prepare` stands for any suspension before the write reaches the database (encoding on the
    /// pool, a hop to an actor).
    struct TaskPerCallShim: Sendable {
        let database: Modern.WriteDatabase
        let prepare: @Sendable (String) async -> Void

        func write(_ row: String, completion: @escaping @Sendable (Int) -> Void = { _ in }) {
            Task {
                await prepare(row)
                completion(await database.write(row))
            }
        }
    }

    /// Records each write as it starts and ends, and lets a test hold one write until a condition.
    final class WriteLog: Sendable {
        let events = OrderingWatch([String]())
        var apply: @Sendable (String) -> Void {
            { [events] row in
                events.update { $0.append("start \(row)") }
                events.update { $0.append("end \(row)") }
            }
        }
    }

    /// A shim that starts a task per call runs the calls concurrently: a first write that suspends
    /// longer is overtaken, and "insert, then mark read" applies as "mark read, then insert".
    @Test func aTaskPerCallShimDropsSubmissionOrder() async {
        let database = Modern.WriteDatabase()
        let secondApplied = Latch()
        let shim = TaskPerCallShim(database: database) { row in
            if row == "insert message" { await secondApplied.wait() }
        }
        let done = OrderingWatch(0)
        shim.write("insert message") { _ in done.update { $0 += 1 } }
        shim.write("mark thread read") { _ in
            secondApplied.open()
            done.update { $0 += 1 }
        }
        await done.until { $0 == 2 }
        #expect(await database.allRows == ["mark thread read", "insert message"])
    }

    /// The same two calls through the connection's shim: the second waits behind the first, however
    /// long the first takes to reach the database.
    @Test func theStreamShimKeepsSubmissionOrder() async {
        let database = Modern.WriteDatabase()
        let connection = Modern.DatabaseConnection(database: database)
        let first = Latch()
        connection.write("insert message") { _ in await first.wait() }
        connection.write("mark thread read") { _ in }
        first.open()
        await connection.close()
        #expect(await database.allRows == ["insert message", "mark thread read"])
    }

    /// Three connections writing at once from three threads (tasks): each connection's writes apply
    /// in its order, the writes never overlap, and every completion comes once, in order.
    @Test(arguments: Side.allCases)
    func writesApplyOneAtATimeInEachConnectionsOrder(_ side: Side) async {
        let log = WriteLog()
        let names = ["a", "b", "c"]
        let rows: [String]
        let heard = Locked([String: [Int?]]())
        switch side {
        case .legacy:
            let database = Legacy.WriteDatabase(apply: log.apply)
            let completionQueue = DispatchQueue(label: "test.completions")
            let connections = names.map { Legacy.DatabaseConnection($0, database: database, completionQueue: completionQueue) }
            let closed = OrderingWatch(0)
            await onOwnThread {
                DispatchQueue.concurrentPerform(iterations: names.count) { index in
                    for write in 0..<50 {
                        connections[index].write("\(names[index])\(write)") { count in
                            dispatchPrecondition(condition: .onQueue(completionQueue))
                            heard.withLock { $0[names[index], default: []].append(count) }
                        }
                    }
                    connections[index].close { closed.update { $0 += 1 } }
                }
            }
            await closed.until { $0 == names.count }
            rows = database.allRows
        case .modern:
            let database = Modern.WriteDatabase(apply: log.apply)
            await withDiscardingTaskGroup { group in
                for name in names {
                    group.addTask {
                        let connection = Modern.DatabaseConnection(database: database)
                        for write in 0..<50 {
                            connection.write("\(name)\(write)") { count in
                                heard.withLock { $0[name, default: []].append(count) }
                            }
                        }
                        await connection.close()
                    }
                }
            }
            rows = await database.allRows
        }
        #expect(rows.count == 150)
        for name in names {
            #expect(rows.filter { $0.hasPrefix(name) } == (0..<50).map { "\(name)\($0)" })
            let counts = heard.withLock { $0[name, default: []] }.compactMap { $0 }
            #expect(counts.count == 50)
            #expect(zip(counts, counts.dropFirst()).allSatisfy { $0 < $1 })
        }
        let events = log.events.value
        #expect(events == rows.flatMap { ["start \($0)", "end \($0)"] })  // never two at once
    }

    /// A slow completion holds up no write, on either side: the second write applies while the
    /// first write's completion still waits; the completions still come in the connection's order.
    @Test(arguments: Side.allCases)
    func aSlowCompletionHoldsUpNoWrite(_ side: Side) async {
        let applied = OrderingWatch([String]())
        let apply: @Sendable (String) -> Void = { row in applied.update { $0.append(row) } }
        let heard = OrderingWatch([String]())
        switch side {
        case .legacy:
            let database = Legacy.WriteDatabase(apply: apply)
            let connection = Legacy.DatabaseConnection("a", database: database, completionQueue: DispatchQueue(label: "slow"))
            let release = DispatchSemaphore(value: 0)
            connection.write("first") { _ in
                release.wait()  // a busy completion queue
                heard.update { $0.append("first") }
            }
            connection.write("second") { _ in heard.update { $0.append("second") } }
            await applied.until { $0.count == 2 }  // applied while the first completion waits
            release.signal()
            await heard.until { $0.count == 2 }
        case .modern:
            let database = Modern.WriteDatabase(apply: apply)
            let connection = Modern.DatabaseConnection(database: database)
            let release = Latch()
            connection.write("first") { _ in
                await release.wait()
                heard.update { $0.append("first") }
            }
            connection.write("second") { _ in heard.update { $0.append("second") } }
            await applied.until { $0.count == 2 }  // applied while the first completion waits
            #expect(heard.value.isEmpty)
            release.open()
            await connection.close()
        }
        #expect(applied.value == ["first", "second"])
        #expect(heard.value == ["first", "second"])
    }

    /// A `@MainActor` completion while the main actor is busy: the connection's next write applies
    /// at once, without waiting for main. A worker that awaited each completion before the next
    /// write held every write of the connection until main was free (here: past the wait's 20 s
    /// bound).
    @Test func aMainActorCompletionDoesNotWaitForMainBeforeTheNextWrite() async {
        let secondApplied = DispatchSemaphore(value: 0)
        let database = Modern.WriteDatabase { row in
            if row == "second" { secondApplied.signal() }
        }
        let connection = Modern.DatabaseConnection(database: database)
        let appliedWhileMainWasBusy = await withCheckedContinuation { done in
            MainQueueHold.whileMainIsBusy {
                connection.write("first") { @MainActor _ in }
                connection.write("second") { _ in }
                done.resume(returning: secondApplied.wait(timeout: .now() + 20) == .success)
            }
        }
        #expect(appliedWhileMainWasBusy)
        await connection.close()
        #expect(await database.allRows == ["first", "second"])
    }

    /// Cancellation: a write is queued when it is called, so a caller cancelled before or while it
    /// awaits still gets its write applied, in its place in the order.
    @Test func aCancelledCallersWriteStillApplies() async {
        let database = Modern.WriteDatabase()
        let connection = Modern.DatabaseConnection(database: database)
        let caller = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await connection.write("cancelled caller")
        }
        #expect(await caller.value == 1)
        #expect(await connection.write("next") == 2)
        await connection.close()
        #expect(await database.allRows == ["cancelled caller", "next"])
    }

    /// Bad input: writes after `close` are not applied and their completion gets nil; closing a
    /// connection with no writes, or twice, finishes at once.
    @Test(arguments: Side.allCases)
    func writesAfterCloseGetNil(_ side: Side) async {
        switch side {
        case .legacy:
            let database = Legacy.WriteDatabase()
            let connection = Legacy.DatabaseConnection("a", database: database, completionQueue: DispatchQueue(label: "c"))
            let heard = OrderingWatch([String]())
            connection.close { heard.update { $0.append("closed") } }
            connection.close { heard.update { $0.append("closed") } }
            connection.write("late") { count in heard.update { $0.append("late: \(String(describing: count))") } }
            await heard.until { $0.count == 3 }
            #expect(heard.value == ["closed", "closed", "late: nil"])
            #expect(database.allRows.isEmpty)
        case .modern:
            let database = Modern.WriteDatabase()
            let connection = Modern.DatabaseConnection(database: database)
            await connection.close()
            await connection.close()
            #expect(await connection.write("late") == nil)
            #expect(await database.allRows.isEmpty)
        }
    }
}
