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

    /// A modern queue whose consumer reports each time it parks, and the consumer's task.
    static func modernQueue(paused: Bool = false) -> (Modern.PausableQueue, OrderingWatch<[String]>, Task<Void, Never>) {
        let parks = OrderingWatch([String]())
        let queue = Modern.PausableQueue(paused: paused, log: { line in parks.update { $0.append(line) } })
        let consumer = Task { await queue.run() }
        return (queue, parks, consumer)
    }

    /// No sleep: the modern consumer is poked by every `add` and parks again, saying how many jobs
    /// it left pending; the legacy queue decides in `addOperation` and is checked again when each
    /// job starts (a job that started before `resume()` would see the flag unset).
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
            let (queue, parks, consumer) = Self.modernQueue()
            await queue.pause()
            for job in 0..<5 {
                await queue.add {
                    if !resumed.withLock({ $0 }) { startedEarly.withLock { $0 += 1 } }
                    runs.update { $0.start("all", job) }
                    runs.update { $0.end("all") }
                }
            }
            await parks.until { $0.last == "waiting: 5 pending, paused: true" }
            #expect(runs.value.ran == 0)
            resumed.withLock { $0 = true }
            await queue.resume()
            await runs.until { $0.ran == 5 }
            consumer.cancel()
            await consumer.value
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
            let (queue, _, consumer) = Self.modernQueue(paused: true)
            for job in 0..<200 {
                await queue.add {
                    runs.update { $0.start("all", job) }
                    await Task.yield()
                    runs.update { $0.end("all") }
                }
            }
            await queue.resume()
            await runs.until { $0.ran == 200 }
            consumer.cancel()
            await consumer.value
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
            let (queue, _, consumer) = Self.modernQueue()
            await withDiscardingTaskGroup { group in
                for index in 0..<(callers + 6) {
                    group.addTask {
                        if index >= callers {
                            index.isMultiple(of: 2) ? await queue.pause() : await queue.resume()
                            return
                        }
                        await queue.add {
                            runs.update { $0.start("all", index) }
                            await Task.yield()
                            runs.update { $0.end("all") }
                        }
                    }
                }
            }
            await queue.resume()
            await runs.until { $0.ran == callers }
            #expect(await queue.pendingCount == 0)
            consumer.cancel()
            await consumer.value
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
            let (queue, _, consumer) = Self.modernQueue(paused: true)
            var ids: [Int] = []
            for job in cancelled.indices {
                ids.append(
                    await queue.add {
                        runs.update { $0.start("all", job) }
                        runs.update { $0.end("all") }
                    })
            }
            for (id, isCancelled) in zip(ids, cancelled) where isCancelled {
                #expect(await queue.cancel(id))
            }
            #expect(await queue.pendingCount == kept.count)
            await queue.resume()
            await runs.until { $0.ran == kept.count }
            #expect(await queue.cancel(ids[kept[0]]) == false)  // it has run
            consumer.cancel()
            await consumer.value
        }
        #expect(runs.value.order["all"] == kept)
    }

    /// Declared difference: cancelling the consumer cancels the running job, stops the draining
    /// and keeps the pending jobs; a new consumer runs them in order. A consumer cancelled while
    /// it waits returns at once.
    @Test func cancellingTheConsumerKeepsThePendingJobs() async {
        let (queue, parks, consumer) = Self.modernQueue()
        let runs = OrderingWatch(KeyedRuns())
        let gate = OrderingWatch(false)
        let firstSawCancel = Locked(false)
        await queue.add {
            runs.update { $0.start("all", 0) }
            await gate.until { $0 }
            firstSawCancel.withLock { $0 = Task.isCancelled }
            runs.update { $0.end("all") }
        }
        await runs.until { $0.order["all"] == [0] }
        for job in 1...10 {
            await queue.add {
                runs.update { $0.start("all", job) }
                runs.update { $0.end("all") }
            }
        }
        consumer.cancel()
        gate.update { $0 = true }
        await consumer.value
        #expect(firstSawCancel.withLock { $0 })
        #expect(await queue.pendingCount == 10)
        #expect(runs.value.ran == 1)

        let linesBefore = parks.value.count
        let second = Task { await queue.run() }
        await runs.until { $0.ran == 11 }
        #expect(runs.value.order["all"] == Array(0...10))
        await parks.until { $0.count > linesBefore && $0.last == "waiting: 0 pending, paused: false" }
        second.cancel()  // while it waits
        await second.value
        #expect(await queue.pendingCount == 0)
    }

    /// The declared priority loss: the consumer is one task, created once, so a job added from a
    /// `.high` task runs at the consumer's `.low` (nobody awaits the consumer meanwhile).
    @Test func modernJobsRunAtTheConsumersPriorityNotTheAdders() async {
        let queue = Modern.PausableQueue()
        let consumer = Task(priority: .low) { await queue.run() }
        let (reports, report) = AsyncStream.makeStream(of: TaskPriority.self)
        await Task(priority: .high) {
            _ = await queue.add { report.yield(Task.currentPriority) }
        }.value
        var seen: TaskPriority?
        for await priority in reports {
            seen = priority
            break
        }
        consumer.cancel()
        await consumer.value
        #expect(seen == .low)
    }
}
