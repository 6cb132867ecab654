import Dispatch
import Foundation
import Legacy
import Modern
import RecipeKit
import Testing

@Suite(.timeLimit(.minutes(1))) struct ProcessOutputStreamTests {
    enum Side: String, CaseIterable, Sendable {
        case legacy, modern
    }

    static func shell(_ script: String) -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script]
        return process
    }

    /// Runs `process` on one side; returns the status and the lines of each stream.
    static func run(_ side: Side, _ process: Process) async throws -> (Int32, [String], [String]) {
        let output = Locked([String]())
        let errors = Locked([String]())
        let status: Int32
        switch side {
        case .legacy:
            status = try await onOwnThread {
                try Legacy.ProcessOutputStream(process).run(
                    onOutput: { line in output.withLock { $0.append(line) } },
                    onError: { line in errors.withLock { $0.append(line) } })
            }
        case .modern:
            status = try await Modern.ProcessOutputStream.run(
                process,
                onOutput: { line in output.withLock { $0.append(line) } },
                onError: { line in errors.withLock { $0.append(line) } })
        }
        return (status, output.withLock { $0 }, errors.withLock { $0 })
    }

    /// What a blocked process waits in (`/proc/<pid>/wchan`), or nil off Linux.
    static func waitChannel(_ pid: Int32) -> String? {
        try? String(contentsOfFile: "/proc/\(pid)/wchan", encoding: .utf8)
    }

    /// Returns once `pid` is blocked writing to a full pipe (Linux), or at once where `/proc` can't
    /// say (then the caller's checks are skipped).
    static func untilBlockedOnAFullPipe(_ pid: Int32) async -> Bool {
        while !Task.isCancelled {
            guard let channel = waitChannel(pid) else { return false }
            if channel.contains("pipe_write") { return true }
            await Task.yield()
        }
        return false
    }

    /// 2,000 lines on each stream, interleaved, with two-byte characters that chunk boundaries cut,
    /// an empty line, and a last line without a newline: every line arrives whole, in its order, and
    /// the status is the child's.
    @Test(arguments: Side.allCases)
    func bothStreamsArriveWholeAndInOrder(_ side: Side) async throws {
        let padding = String(repeating: "é", count: 25)
        let process = Self.shell(
            "i=0; while [ $i -lt 2000 ]; do echo \"out $i \(padding)\"; echo \"err $i \(padding)\" >&2; "
                + "i=$((i+1)); done; echo; printf 'no newline' >&2; exit 3")
        let (status, output, errors) = try await Self.run(side, process)
        #expect(status == 3)
        #expect(output == (0..<2000).map { "out \($0) \(padding)" } + [""])
        #expect(errors == (0..<2000).map { "err \($0) \(padding)" } + ["no newline"])
    }

    /// Every run ends: each pipe is read to its end with blocking reads, not with the last call of
    /// a readability handler or read source, which on Linux sometimes never comes once the writer
    /// has closed the pipe (a run that relied on it hung in about half of these).
    @Test(arguments: Side.allCases)
    func twentyShortChildrenInARowAllEnd(_ side: Side) async throws {
        for index in 0..<20 {
            let (status, output, errors) = try await Self.run(
                side, Self.shell("echo out \(index); echo err \(index) >&2; exit 4"))
            #expect(status == 4)
            #expect(output == ["out \(index)"])
            #expect(errors == ["err \(index)"])
        }
    }

    /// Why both sides wait for the end of the pipes as well as for the exit: the exit is reported
    /// while the child's last output is still unread in the pipe.
    @Test func theExitComesWhileTheLastOutputIsStillInThePipe() async throws {
        let process = Self.shell("printf '%01000d' 0")
        let output = Pipe()
        process.standardOutput = output
        let status = try await withCheckedThrowingContinuation { exited in
            process.terminationHandler = { exited.resume(returning: $0.terminationStatus) }
            do { try process.run() } catch { exited.resume(throwing: error) }
        }
        #expect(status == 0)
        // Exited, and all 1,000 bytes still wait to be read.
        #expect(output.fileHandleForReading.readDataToEndOfFile().count == 1000)
    }

    /// The pitfall: reading standard output to its end before standard error deadlocks once the
    /// child fills the error pipe. The child blocks writing to it, the reader blocks waiting for
    /// output that comes only after that write. Reading standard error breaks the deadlock here.
    @Test func readingOneStreamToItsEndFirstDeadlocks() async throws {
        let process = Self.shell("printf '%0100000d' 0 >&2; echo done")
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let finished = Locked(false)
        let reader = Task {
            await onOwnThread {
                let data = output.fileHandleForReading.readDataToEndOfFile()
                finished.withLock { $0 = true }
                return data
            }
        }
        if await Self.untilBlockedOnAFullPipe(process.processIdentifier) {
            // The child waits for room in the error pipe; the reader waits for "done".
            #expect(process.isRunning)
            #expect(finished.withLock { $0 } == false)
        }
        let drained = await onOwnThread { errors.fileHandleForReading.readDataToEndOfFile() }
        #expect(drained.count == 100_000)
        #expect(await reader.value == Data("done\n".utf8))
    }

    /// Cancelling the caller stops the child, and `run` throws only once the child has exited.
    @Test func modernCancellingTheCallerStopsTheChildFirst() async throws {
        let process = await Self.cancelledOnceStarted("echo started; exec sleep 600")
        #expect(process.isRunning == false)
        #expect(process.terminationReason == .uncaughtSignal)
    }

    /// Runs `script` through the modern `run` (a grace of 50 ms), cancels the caller once the
    /// child has printed its first line, expects `CancellationError`, and returns the process.
    static func cancelledOnceStarted(_ script: String) async -> Process {
        let process = shell(script)
        let (started, starting) = AsyncStream.makeStream(of: String.self)
        let caller = Task {
            try await Modern.ProcessOutputStream.run(
                process, onOutput: { starting.yield($0) }, onError: { _ in }, grace: .milliseconds(50))
        }
        for await _ in started { break }
        caller.cancel()
        await #expect(throws: CancellationError.self) { try await caller.value }
        return process
    }

    /// A caller cancelled before `run` starts nothing.
    @Test func modernACallerCancelledBeforeRunStartsNothing() async throws {
        let marker = FileManager.default.temporaryDirectory
            .appendingPathComponent("process-output-\(UUID().uuidString)")
        let process = Self.shell("touch '\(marker.path)'")
        let caller = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await Modern.ProcessOutputStream.run(process, onOutput: { _ in }, onError: { _ in })
        }
        await #expect(throws: CancellationError.self) { try await caller.value }
        #expect(process.isRunning == false)
        #expect(FileManager.default.fileExists(atPath: marker.path) == false)
    }

    /// Why a cancelled child gets SIGKILL after a grace period: a child that ignores SIGTERM (it
    /// may also start with it blocked) outlives `terminate()`; the SIGKILL `grace` later ends it.
    @Test func modernAChildThatIgnoresSIGTERMIsKilledAfterTheGrace() async throws {
        let process = await Self.cancelledOnceStarted("trap '' TERM; echo started; exec sleep 600")
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(process.terminationStatus == SIGKILL)
    }

    /// Whether `pid` has exited: a zombie or gone in `/proc` (Linux), else `fallback`.
    static func hasExited(_ pid: Int32, fallback: Bool) -> Bool {
        guard FileManager.default.fileExists(atPath: "/proc/self/stat") else { return fallback }
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return true }
        return stat.contains(") Z ")
    }

    /// A grandchild that inherited the pipe keeps it open after the child has exited: `run` returns
    /// only once the grandchild has gone too, on both sides.
    @Test(arguments: Side.allCases)
    func aGrandchildHoldingThePipeDelaysTheEnd(_ side: Side) async throws {
        let process = Self.shell("(exec sleep 600) & echo $!")
        let grandchild = Locked<Int32?>(nil)
        let returned = Locked(false)
        let caller = Task {
            let record: @Sendable (String) -> Void = { line in grandchild.withLock { $0 = Int32(line) } }
            let status: Int32
            switch side {
            case .legacy:
                status = try await onOwnThread {
                    try Legacy.ProcessOutputStream(process).run(onOutput: record, onError: { _ in })
                }
            case .modern:
                status = try await Modern.ProcessOutputStream.run(
                    process, onOutput: { record($0) }, onError: { _ in })
            }
            returned.withLock { $0 = true }
            return status
        }
        // `isRunning` is no help here: on Linux `Process` reports the exit only once the grandchild
        // has gone (see the page's Platform notes).
        try await eventually("the child has exited and named its grandchild") {
            grandchild.withLock { $0 } != nil
                && Self.hasExited(process.processIdentifier, fallback: !process.isRunning)
        }
        #expect(returned.withLock { $0 } == false)  // the child is gone, its grandchild is not
        let pid = try #require(grandchild.withLock { $0 })
        kill(pid, SIGKILL)
        #expect(try await caller.value == 0)
    }

    /// Back-pressure on both sides: the next read waits for the consumer, so a slow consumer
    /// leaves the pipe full and the child waits in `write`; nothing piles up in the parent.
    @Test(arguments: Side.allCases)
    func aSlowConsumerHoldsTheChildBack(_ side: Side) async throws {
        let process = Self.shell("i=0; while [ $i -lt 4000 ]; do echo \"line $i \(String(repeating: "x", count: 40))\"; i=$((i+1)); done")
        let gate = Latch()
        let counted = Locked(0)
        let caller: Task<Int32, any Error>
        let released = DispatchSemaphore(value: 0)
        switch side {
        case .legacy:
            caller = Task {
                try await onOwnThread {
                    try Legacy.ProcessOutputStream(process).run(
                        onOutput: { _ in
                            if counted.withLock({ $0 += 1; return $0 }) == 1 { released.wait() }
                        }, onError: { _ in })
                }
            }
        case .modern:
            caller = Task {
                try await Modern.ProcessOutputStream.run(
                    process,
                    onOutput: { _ in
                        if counted.withLock({ $0 += 1; return $0 }) == 1 { await gate.wait() }
                    }, onError: { _ in })
            }
        }
        try await eventually("the child runs") { process.isRunning }
        // The first line reaches the consumer, which holds it: under load the child may fill the
        // pipe before the first read, so wait for that read before looking at the child.
        try await eventually("the consumer has the first line") { counted.withLock { $0 } >= 1 }
        let blocked = await Self.untilBlockedOnAFullPipe(process.processIdentifier)
        #expect(blocked || Self.waitChannel(process.processIdentifier) == nil)
        #expect(process.isRunning)  // held back by the full pipe
        #expect(counted.withLock { $0 } == 1)
        released.signal()
        gate.open()
        #expect(try await caller.value == 0)
        #expect(counted.withLock { $0 } == 4000)
    }

    /// Bad input: an executable that does not exist throws on both sides, and nothing is read.
    @Test(arguments: Side.allCases)
    func aChildThatCannotStartThrows(_ side: Side) async {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/no/such/executable")
        await #expect(throws: (any Error).self) { _ = try await Self.run(side, process) }
        #expect(process.isRunning == false)
    }
}
