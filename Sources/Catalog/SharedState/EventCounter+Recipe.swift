import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let isolationQueuePerObject = Recipe(
        id: "isolation-queue-per-object",
        title: "A private serial queue per object → actor",
        chapter: .sharedState,
        sources: [
            "The Read-And-Learn wiki page \"iOS并发编程\", its per-object `<Class>.isolation.<%p>` and `<Class>.work.<%p>` queues"
        ],
        file: "SharedState/EventCounter.swift",
        apis: [
            APIMapping(
                "DispatchQueue(label:) per object (isolation queue)",
                "`actor`: its serial executor is the isolation queue"),
            APIMapping("DispatchQueue.async on the isolation queue (writes)", "an actor method, awaited by callers outside"),
            APIMapping("DispatchQueue.sync on the isolation queue (reads)", "`await` the actor's property"),
            APIMapping(
                "DispatchQueue(label:) per object (work queue)",
                "a `@concurrent nonisolated` async method"),
        ],
        problem: """
            Give an object its own serial queue to protect its state, and a second one for its \
            slow work, both labelled with the class name and the object's address; 4 callers \
            increment it 1,000 times each.
            """,
        changes: [
            """
            The class with an isolation queue becomes an `actor`. Its serial executor replaces \
            the queue, and the compiler replaces the `@unchecked Sendable` comment: `count` can \
            only be touched on the actor, and every call from outside is an `await`.
            """,
            """
            The work queue becomes a `@concurrent nonisolated` method: it runs on the shared \
            pool, never holding the actor up, and awaits the actor only for the state it reads.
            """,
            """
            4 callers × 1,000 `increment()` calls end at 4,000 on both sides \
            (`EventCounterTests.fourCallersTimesAThousandIncrementsCountFourThousand`), and both \
            report `EventCounter: 4000 events`.
            """,
            """
            The labels (`EventCounter.isolation.0x…`, `EventCounter.work.0x…`) helped find the \
            queues in a debugger \
            (`EventCounterTests.legacyQueueLabelsNameTheClassAndTheAddress`). An actor has no \
            queue to label: its state is reached only through its methods, and a crash inside \
            one shows the actor's type and method in the backtrace.
            """,
            """
            Cost: `swift run -c release compare isolation-queue-per-object` measured a median of \
            42 µs for the actor's 4,000 increments against 1.15 ms for the queue's (15 runs, on a \
            busy 2-core machine): each queue increment submits a block to the queue, while a \
            task calling a free actor just switches onto it, on the same thread. Pick the actor when callers are \
            async anyway; pick a `Mutex` when they are not.
            """,
        ],
        pitfalls: [
            """
            An actor is reentrant where the queue was not: a method that awaits between reading \
            and writing its state lets other calls in (`actor-reentrancy`).
            """,
            """
            The actor adds an `await` at every call site, which ripples through synchronous \
            callers. When that is wrong for the API (a counter read from synchronous code, a \
            cache), keep the calls synchronous with a `Mutex`-guarded `final class … : \
            Sendable` instead (`barrier-counted-dictionary` does that).
            """,
            """
            Queues are serial by default (the attribute `0` in the classic code); `.concurrent` would make the \
            isolation queue useless unless writes are barriers (`readers-writer-barrier`).
            """,
            """
            The address is known only once `self` exists, and Swift lets `init` use `self` only \
            after every stored property has a value. The legacy side therefore stores the queues \
            in implicitly unwrapped `var`s set in `init`. A `lazy var` instead would be a data \
            race on first use from two threads.
            """,
        ],
        annotations: [
            """
            `EventCounter` is `@unchecked Sendable`: `count` is only read and written on \
            `isolationQueue`, and the two queue properties are set once in `init`, before the \
            object is shared. The compiler cannot check either claim.
            """,
            "The report's completion is `@escaping @Sendable`: it runs on the work queue.",
        ],
        errata: [
            """
            The Read-And-Learn wiki page "iOS并发编程", its `processImage:completionHandler:`: it \
            does its "actual processing" on `self.isolationQueue`, so every read and write of the \
            object's state waits for the image. Slow work belongs on the work queue the same page \
            creates in its `init` and never uses; only the state access goes through the isolation \
            queue.
            """
        ],
        replaces: [.dispatchQueueLabel],
        scenarios: [
            Scenario(
                "4 callers × 1,000 increments",
                rules: [.invariant(["count", "report"])],
                legacy: { context in
                    let (counter, report) = await withCheckedContinuation { done in
                        Legacy.EventCounter.exercise(callers: 4, times: 1_000) {
                            done.resume(returning: ($0, $1))
                        }
                    }
                    for label in [counter.isolationQueue.label, counter.workQueue.label] {
                        context.log("queue \(label.replacing(/0x[0-9a-fA-F]+/, with: "<address>"))")
                    }
                    context.log(report)
                    context.record("count", counter.value)
                    context.record("report", report)
                },
                modern: { context in
                    let (count, report) = await Modern.EventCounter.exercise(callers: 4, times: 1_000)
                    context.log(report)
                    context.record("count", count)
                    context.record("report", report)
                }
            )
        ]
    )
}
