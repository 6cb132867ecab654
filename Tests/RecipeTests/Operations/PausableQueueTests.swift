import Dispatch
import Foundation
import Legacy
import Modern
import RecipeKit
import Testing

@Suite(.serialized, .timeLimit(.minutes(1))) struct PausableQueueTests {
    enum Side: String, CaseIterable, Sendable {
        case legacy, modern
    }

    /// A modern queue whose worker reports each time it waits with no job running.
    static func modernQueue(paused: Bool = false) -> (Modern.PausableQueue, OrderingWatch<[String]>) {
        let parks = OrderingWatch([String]())
        let queue = Modern.PausableQueue(paused: paused, log: { line in parks.update { $0.append(line) } })
        return (queue, parks)
    }

    /// No sleep: the modern worker reads every `add` and waits again, saying how many jobs it left
    /// pending; the legacy queue decides in `addOperation` and is checked again when each job
    /// starts (a job that started before `resume()` would see the flag unset).
    @Test(arguments: Side.allCases)
    func nothingStartsWhileSuspended(_ side: Side) async {
        let runs = OrderingWatch(KeyedRuns())
        let resumed = Locked(false)
        let startedEarly = Locked(0)
        switch side {
        case .legacy:
            let queue = Legacy.PausableQueue(suspended: true)
            for job in 0..<5 {
                queue.add {
                    if !resumed.withLock({ $0 }) { startedEarly.withLock { $0 += 1 } }
                    runs.update { $0.start("all", job) }
                    runs.update { $0.end("all") }
                }
            }
            #expect(queue.count == 5)
            #expect(runs.value.ran == 0)
            resumed.withLock { $0 = true }
            queue.resume()
            await onOwnThread { queue.waitUntilFinished() }
        case .modern:
            let (queue, parks) = Self.modernQueue()
            queue.pause()
            for job in 0..<5 {
                queue.add {
                    if !resumed.withLock({ $0 }) { startedEarly.withLock { $0 += 1 } }
                    runs.update { $0.start("all", job) }
                    runs.update { $0.end("all") }
                }
            }
            await parks.until { $0.last == "waiting: 5 pending, paused: true" }
            #expect(runs.value.ran == 0)
            resumed.withLock { $0 = true }
            queue.resume()
            await runs.until { $0.ran == 5 }
        }
        #expect(startedEarly.withLock { $0 } == 0)
        #expect(runs.value.order["all"] == Array(0..<5))
    }

    @Test(arguments: Side.allCases)
    func resumeRunsEveryPendingJobInOrder(_ side: Side) async {
        let runs = OrderingWatch(KeyedRuns())
        switch side {
        case .legacy:
            let queue = Legacy.PausableQueue(suspended: true)
            for job in 0..<200 {
                queue.add {
                    runs.update { $0.start("all", job) }
                    runs.update { $0.end("all") }
                }
            }
            queue.resume()
            await onOwnThread { queue.waitUntilFinished() }
        case .modern:
            let (queue, _) = Self.modernQueue(paused: true)
            for job in 0..<200 {
                queue.add {
                    runs.update { $0.start("all", job) }
                    await Task.yield()
                    runs.update { $0.end("all") }
                }
            }
            queue.resume()
            await runs.until { $0.ran == 200 }
        }
        #expect(runs.value.order["all"] == Array(0..<200))
        #expect(runs.value.maxRunningInAll == 1)
    }

    /// 300 callers add at once while another pauses and resumes the queue three times: every job
    /// runs exactly once, one at a time, and the backlog ends empty.
    @Test(arguments: Side.allCases)
    func hundredsOfCallersEachRunOnce(_ side: Side) async {
        let callers = 300
        let runs = OrderingWatch(KeyedRuns())
        switch side {
        case .legacy:
            let queue = Legacy.PausableQueue()
            await onOwnThread {
                DispatchQueue.concurrentPerform(iterations: callers + 6) { index in
                    if index >= callers {
                        index.isMultiple(of: 2) ? queue.suspend() : queue.resume()
                        return
                    }
                    queue.add {
                        runs.update { $0.start("all", index) }
                        runs.update { $0.end("all") }
                    }
                }
                queue.resume()
                queue.waitUntilFinished()
            }
            #expect(queue.count == 0)
        case .modern:
            let (queue, parks) = Self.modernQueue()
            await withDiscardingTaskGroup { group in
                for index in 0..<(callers + 6) {
                    group.addTask {
                        if index >= callers {
                            index.isMultiple(of: 2) ? queue.pause() : queue.resume()
                            return
                        }
                        queue.add {
                            runs.update { $0.start("all", index) }
                            await Task.yield()
                            runs.update { $0.end("all") }
                        }
                    }
                }
            }
            queue.resume()
            await runs.until { $0.ran == callers }
            await parks.until { $0.last == "waiting: 0 pending, paused: false" }
        }
        #expect(runs.value.ran == callers)
        #expect(Set(runs.value.order["all"]!) == Set(0..<callers))
        #expect(runs.value.maxRunningInAll == 1)
    }

    @Test(arguments: Side.allCases)
    func cancelledPendingJobsNeverRun(_ side: Side) async {
        var random = SplitMix64(seed: 6)
        let cancelled = (0..<200).map { _ in random.next() % 2 == 0 }
        let kept = cancelled.indices.filter { !cancelled[$0] }
        let runs = OrderingWatch(KeyedRuns())
        switch side {
        case .legacy:
            let queue = Legacy.PausableQueue(suspended: true)
            let operations = cancelled.indices.map { job in
                queue.add {
                    runs.update { $0.start("all", job) }
                    runs.update { $0.end("all") }
                }
            }
            for (operation, isCancelled) in zip(operations, cancelled) where isCancelled {
                operation.cancel()
            }
            queue.resume()
            await onOwnThread { queue.waitUntilFinished() }
        case .modern:
            let (queue, parks) = Self.modernQueue(paused: true)
            let tickets = cancelled.indices.map { job in
                queue.add {
                    runs.update { $0.start("all", job) }
                    runs.update { $0.end("all") }
                }
            }
            for (ticket, isCancelled) in zip(tickets, cancelled) where isCancelled {
                queue.cancel(ticket)
            }
            queue.resume()  // after the cancels: the worker reads them first
            await runs.until { $0.ran == kept.count }
            await parks.until { $0.last == "waiting: 0 pending, paused: false" }
        }
        #expect(runs.value.order["all"] == kept)
    }

    /// A pause and a resume made one after the other in synchronous code (a reachability
    /// callback on a queue) take effect in that order: the queue is left running, in 200 of 200
    /// runs. With `await`-only methods on an actor, each call needed a `Task {}` of its own, the two
    /// tasks could reach the actor the other way round, and the queue was left paused in 5 to 36
    /// of 200 runs.
    @Test func aPauseAndAResumeFromACallbackTakeEffectInOrder() async {
        for _ in 0..<200 {
            let queue = Modern.PausableQueue()
            await withCheckedContinuation { (ran: CheckedContinuation<Void, Never>) in
                DispatchQueue(label: "reachability").async {
                    queue.pause()  // offline
                    queue.resume()  // online again
                    queue.add { ran.resume() }
                }
            }
        }
    }

    /// A pause made while a job runs stops the next one from starting, at once: the worker reads
    /// commands while the job runs in a child task.
    @Test func aPauseWhileAJobRunsHoldsBackTheNextOne() async {
        let (queue, parks) = Self.modernQueue()
        let runs = OrderingWatch(KeyedRuns())
        let release = Latch()
        queue.add {
            runs.update { $0.start("all", 0) }
            await release.wait()
            runs.update { $0.end("all") }
        }
        queue.add {
            runs.update { $0.start("all", 1) }
            runs.update { $0.end("all") }
        }
        await runs.until { $0.order["all"] == [0] }
        queue.pause()
        release.open()
        await parks.until { $0.last == "waiting: 1 pending, paused: true" }
        #expect(runs.value.ran == 1)
        queue.resume()
        await runs.until { $0.ran == 2 }
        #expect(runs.value.order["all"] == [0, 1])
    }

    /// Dropping the queue ends its worker: the running job finishes, and the pending ones never
    /// start.
    @Test func droppingTheQueueLetsTheRunningJobFinishAndDropsThePendingOnes() async {
        let runs = OrderingWatch(KeyedRuns())
        let release = Latch()
        let (ended, end) = AsyncStream.makeStream(of: Void.self)
        var queue: Modern.PausableQueue? = Modern.PausableQueue()
        queue?.add {
            runs.update { $0.start("all", 0) }
            await release.wait()
            runs.update { $0.end("all") }
            end.yield()
        }
        for job in 1...3 {
            queue?.add {
                runs.update { $0.start("all", job) }
                runs.update { $0.end("all") }
            }
        }
        await runs.until { $0.order["all"] == [0] }
        queue = nil
        release.open()
        for await _ in ended { break }
        #expect(runs.value.order["all"] == [0])
        #expect(runs.value.ran == 1)
    }

    /// The declared priority loss: the worker is one task, created once, so a job added from a
    /// `.high` task runs at the worker's `.low` (nobody awaits the worker meanwhile).
    @Test func modernJobsRunAtTheWorkersPriorityNotTheAdders() async {
        let queue = Modern.PausableQueue(priority: .low)
        let (reports, report) = AsyncStream.makeStream(of: TaskPriority.self)
        _ = await Task(priority: .high) {
            queue.add { report.yield(Task.currentPriority) }
        }.value
        var seen: TaskPriority?
        for await priority in reports {
            seen = priority
            break
        }
        #expect(seen == .low)
    }
}
