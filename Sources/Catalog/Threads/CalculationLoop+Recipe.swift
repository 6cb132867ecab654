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
        problem: """
            Run a calculation 1,000 times on a thread of its own, the way it was done before GCD, \
            and be able to stop it early.
            """,
        changes: [
            """
            The thread becomes a task, and its entry point the task's body. `Task.detached` \
            matches the thread: it inherits neither the caller's actor nor its priority. In an \
            app, a `@concurrent` function called from a task you keep is the same thing.
            """,
            """
            `Thread.current.isCancelled` becomes `Task.isCancelled`, and `thread.cancel()` becomes \
            `task.cancel()`. Both are flags the loop reads between calculations: cancelled while \
            the 100th is being reported, both stop after exactly 100.
            """,
            """
            A thread returns nothing and can't be joined, so the legacy side hands its count over \
            through a property and signals a semaphore last; the task returns the count, and \
            `await task.value` is the join.
            """,
            """
            The loop yields every 100 calculations (`await Task.yield()`). A thread is preempted \
            by the kernel; a task is not, and a CPU-bound loop that never suspends holds one of the \
            pool's threads, one per core (two here), for as long as it runs.
            """,
        ],
        pitfalls: [
            """
            Cancellation is cooperative on both sides: a loop that never checks runs all 1,000 \
            calculations after `cancel()`. Check before each unit of work, not once at the top.
            """,
            """
            Dropping a `Task` handle does not cancel the task: it runs on, and nothing can stop it \
            any more. A thread whose handle you drop, or never had (`detachNewThread`, as in the \
            classic example), is the same. Keep the handle of anything you may want to stop.
            """,
            """
            `Thread.current`, `Thread.sleep` and `RunLoop.current` are unavailable in async code: \
            a task has no thread of its own to ask about.
            """,
        ],
        platformNotes: [
            """
            **Darwin**: the Objective-C version wraps the loop in `@autoreleasepool`; pools exist \
            only there (`autorelease-pool`). The UIKit launch code around the thread is dropped.
            """,
        ],
        annotations: [
            """
            `CalculationLoop` is `@unchecked Sendable`: `thread` is set once, before `cancel()` can \
            be called, and `Thread.cancel()` is safe from any thread; `calculations` is written by \
            the thread before it signals the semaphore and read only after waiting on it.
            """,
            "`calculation` and `report` are `@escaping @Sendable`: they run on the new thread.",
        ],
        errata: [
            """
            *iOS Programming Cookbook*, §7.0: the thread is started with \
            `detachNewThreadSelector:toTarget:withObject:`, which returns no `NSThread`, so \
            nothing can ever cancel it and its `isCancelled` check is dead code. Keep the thread \
            (`[[NSThread alloc] initWithTarget:…]`, `Thread(block:)`) to be able to cancel it.
            """
        ],
        appTargetNote: "In an app target with default `MainActor` isolation, `CalculationLoop` would land on the main actor, so only main-actor code could start it or call `cancel()`; `nonisolated` keeps it callable from anywhere, as its comments promise, with the loop in its detached task either way.",
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
