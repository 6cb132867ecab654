import Dispatch
import Synchronization
import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let calculationLoop = Recipe(
        id: "thread-manual-loop",
        title: "A hand-made thread repeating a calculation 1,000 times",
        chapter: .threads,
        sources: ["*iOS Programming Cookbook*, §7.0 \"Introduction\" (`calculationThreadEntry`)"],
        file: "Threads/CalculationLoop.swift",
        apis: [
            APIMapping("Thread(block:) + start()", "`Task.detached {}` with a kept handle"),
            APIMapping("Thread.current.isCancelled in the loop", "`Task.isCancelled` (or `try Task.checkCancellation()`)"),
            APIMapping("Thread.cancel", "`task.cancel()`"),
            APIMapping("DispatchSemaphore signalled when the thread is done", "`await task.value`, which also returns the count"),
        ],
        prose: Articles.recipe("thread-manual-loop"),
        replaces: [.thread],
        scenarios: [
            Scenario(
                "1,000 calculations",
                rules: [.exact, .invariant(["calculations"])],
                legacy: { context in
                    let log = context.log
                    let done = await onOwnThread {
                        Legacy.CalculationLoop(
                            calculation: calculate, report: { log("\($0) calculations") }
                        ).waitUntilFinished()
                    }
                    context.log("finished after \(done) calculations")
                    context.record("calculations", done)
                },
                modern: { context in
                    let log = context.log
                    let done = await Modern.CalculationLoop(
                        calculation: calculate, report: { log("\($0) calculations") }
                    ).waitUntilFinished()
                    context.log("finished after \(done) calculations")
                    context.record("calculations", done)
                }
            ),
            Scenario(
                "cancelled at 100",
                rules: [.exact, .invariant(["calculations"])],
                legacy: { context in
                    let log = context.log
                    let done = await onOwnThread {
                        let reached = DispatchSemaphore(value: 0)
                        let proceed = DispatchSemaphore(value: 0)
                        let loop = Legacy.CalculationLoop(calculation: calculate) { count in
                            log("\(count) calculations")
                            // Pause at 100 until the controller has cancelled.
                            if count == 100 {
                                reached.signal()
                                proceed.wait()
                            }
                        }
                        reached.wait()
                        loop.cancel()
                        log("cancel()")
                        proceed.signal()
                        return loop.waitUntilFinished()
                    }
                    context.log("finished after \(done) calculations")
                    context.record("calculations", done)
                },
                modern: { context in
                    let log = context.log
                    let reached = AsyncStream.makeStream(of: Void.self)
                    let proceed = AsyncStream.makeStream(of: Void.self)
                    let loop = Modern.CalculationLoop(calculation: calculate) { count in
                        log("\(count) calculations")
                        // Pause at 100 until the controller has cancelled.
                        if count == 100 {
                            reached.continuation.yield()
                            for await _ in proceed.stream { break }
                        }
                    }
                    for await _ in reached.stream { break }
                    loop.cancel()
                    log("cancel()")
                    proceed.continuation.yield()
                    let done = await loop.waitUntilFinished()
                    context.log("finished after \(done) calculations")
                    context.record("calculations", done)
                }
            ),
        ]
    )
}

/// Stands in for the classic `doCalculation`: a little arithmetic the optimizer can't drop.
@Sendable private func calculate() {
    var value: UInt64 = 0x9E37_79B9_7F4A_7C15
    for _ in 0..<100 { value = value &* 6_364_136_223_846_793_005 &+ 1 }
    sink.store(value, ordering: .relaxed)
}

private let sink = Atomic<UInt64>(0)
