import Foundation
import Legacy
import Modern
import RecipeKit
import Testing

@Suite(.timeLimit(.minutes(1)))
struct UpdateCoalescerTests {
    enum Side: String, CaseIterable, Sendable {
        case legacy, modern
    }

    /// Lets a flush closure reach the coalescer that calls it.
    @MainActor final class ModernHolder {
        var coalescer: Modern.UpdateCoalescer?
    }

    @Test(arguments: Side.allCases)
    func fiveRequestsInOneTurnGiveOneFlushAfterTheCallerReturnsThenOneMore(_ side: Side) async {
        let recorder = Recorder()
        switch side {
        case .legacy:
            await withCheckedContinuation { done in
                DispatchQueue.main.async {
                    Legacy.UpdateCoalescer.fiveThenOne(log: recorder.logger) { done.resume() }
                }
            }
        case .modern:
            await Modern.UpdateCoalescer.fiveThenOne(log: recorder.logger)
        }
        #expect(
            recorder.lines == [
                "caller returns after request 5",
                "flush 1: request 1, request 2, request 3, request 4, request 5",
                "caller returns after request 6",
                "flush 2: request 6",
            ])
    }

    @Test func legacyARequestDuringTheFlushSchedulesExactlyOneMore() async {
        let flushes = Locked<[[String]]>([])
        let holder = Locked<Legacy.UpdateCoalescer?>(nil)
        await withCheckedContinuation { done in
            DispatchQueue.main.async {
                let coalescer = Legacy.UpdateCoalescer { batch in
                    flushes.withLock { $0.append(batch) }
                    if batch == ["first"] {
                        holder.withLock { $0 }?.setNeedsUpdate("from the flush")
                    } else {
                        done.resume()
                    }
                }
                holder.withLock { $0 = coalescer }
                coalescer.setNeedsUpdate("first")
            }
        }
        await withCheckedContinuation { done in DispatchQueue.main.async { done.resume() } }  // a later turn
        #expect(flushes.withLock { $0 } == [["first"], ["from the flush"]])
        holder.withLock { $0 = nil }
    }

    @MainActor @Test func modernARequestDuringTheFlushSchedulesExactlyOneMore() async {
        let holder = ModernHolder()
        let (flushed, flushedOne) = AsyncStream.makeStream(of: [String].self)
        holder.coalescer = Modern.UpdateCoalescer { batch in
            flushedOne.yield(batch)
            if batch == ["first"] { holder.coalescer?.setNeedsUpdate("from the flush") }
        }
        holder.coalescer?.setNeedsUpdate("first")
        var iterator = flushed.makeAsyncIterator()
        #expect(await iterator.next() == ["first"])
        #expect(await iterator.next() == ["from the flush"])
        await Task { @MainActor in }.value  // a later main-actor job: no third flush before it
        flushedOne.finish()
        #expect(await iterator.next() == nil)
        holder.coalescer = nil
    }

    /// Hundreds of callers on other threads, each sending two requests in one main-queue block
    /// (or one main-actor call): every request is flushed exactly once, no flush is empty, and a
    /// caller's two requests land in the same flush, in order.
    @Test(arguments: Side.allCases)
    func hundredsOfCallersEachAppearInExactlyOneFlush(_ side: Side) async {
        let callers = 300
        let batches = Locked<[[String]]>([])
        let (complete, completed) = AsyncStream.makeStream(of: Void.self)
        let record: @Sendable ([String]) -> Void = { batch in
            let total = batches.withLock { $0.append(batch); return $0.joined().count }
            if total == callers * 2 { completed.finish() }
        }
        switch side {
        case .legacy:
            let coalescer = Legacy.UpdateCoalescer(flush: record)
            await onOwnThread {
                DispatchQueue.concurrentPerform(iterations: callers) { n in
                    DispatchQueue.main.async {
                        coalescer.setNeedsUpdate("\(n)a")
                        coalescer.setNeedsUpdate("\(n)b")
                    }
                }
            }
            for await _ in complete {}
        case .modern:
            let coalescer = await MainActor.run { Modern.UpdateCoalescer(flush: record) }
            await withTaskGroup(of: Void.self) { group in
                for n in 0..<callers {
                    group.addTask {
                        await MainActor.run {
                            coalescer.setNeedsUpdate("\(n)a")
                            coalescer.setNeedsUpdate("\(n)b")
                        }
                    }
                }
            }
            for await _ in complete {}
        }
        let all = batches.withLock { $0 }
        let flat = all.flatMap { $0 }
        #expect(flat.count == callers * 2)
        #expect(Set(flat).count == callers * 2)
        #expect(all.allSatisfy { !$0.isEmpty })
        #expect(all.count <= callers)
        for batch in all {
            for request in batch where request.hasSuffix("a") {
                let index = batch.firstIndex(of: request)!
                #expect(batch.dropFirst(index + 1).first == String(request.dropLast()) + "b")
            }
        }
    }
}
