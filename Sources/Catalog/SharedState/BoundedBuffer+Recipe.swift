import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let boundedBufferBackpressure = Recipe(
        id: "bounded-buffer-backpressure",
        title: "A producer that waits when the buffer is full",
        chapter: .sharedState,
        sources: [
            "Seen in real code: CocoaLumberjack (vendored in aws-amplify/aws-sdk-ios AWSCore/Logging/AWSDDLog.m, counting semaphore); robbiehanson/CocoaAsyncSocket Source/GCD/GCDAsyncSocket.m (suspend/resume of sources)"
        ],
        file: "SharedState/BoundedBuffer.swift",
        apis: [
            APIMapping(
                "DispatchSemaphore(value: capacity) counting free slots, wait() in the producer",
                "an actor whose `send` suspends on a continuation while the buffer is full"),
            APIMapping(
                "DispatchSemaphore counting filled slots, wait() in the consumer",
                "`receive()` suspending on a continuation while the buffer is empty"),
            APIMapping(
                "DispatchSemaphore.wait(timeout:) as the only way out of a blocked put",
                "task cancellation: a waiting `send` throws `CancellationError`"),
        ],
        problem: """
            A fast producer feeds a slower consumer through a buffer of fixed size: when the \
            buffer is full the producer must wait, not drop items and not grow the buffer, and \
            every item must come out in the order it went in. You have probably met this in \
            CocoaLumberjack's logging queue (a counting semaphore taken per message, vendored \
            in the AWS iOS SDK as `AWSDDLog.m`) or in CocoaAsyncSocket, which suspends its \
            read source while its buffer is full.
            """,
        changes: [
            """
            The slot semaphore becomes a line of suspended senders inside an actor. A full \
            buffer **suspends** the producer (it never drops and never grows): with capacity \
            5 and a consumer that is slower than the producer, the consumer never sees more \
            than 5 items waiting and receives 1…12 in order on both sides \
            (`BoundedBufferTests.slowConsumerGetsEverythingInOrderWithinCapacity`, \
            `BoundedBufferTests.producerIsHeldBackWhenFull`). When the consumer is slower, \
            the producer simply runs at the consumer's speed.
            """,
            """
            The modern buffer is **FIFO** twice over: items come out in the order they went in, \
            and producers waiting for room are let in in the order they arrived; a new sender \
            never overtakes a waiting one \
            (`BoundedBufferTests.modernWaitingSendersGoInFIFOOrder`). A `DispatchSemaphore` \
            promises no order among the threads blocked in `wait()`, so on the legacy side only \
            each producer's own items keep their order \
            (`BoundedBufferTests.hundredsOfProducersKeepTheirOwnOrder`, 200 producers × 5 \
            items on both sides).
            """,
            """
            A blocked legacy producer holds a whole thread; 200 waiting producers are 200 \
            threads. A suspended modern producer holds a continuation in an array.
            """,
            measuredThroughput,
        ],
        pitfalls: [
            """
            `AsyncStream` is the wrong tool for back-pressure: `yield` never waits. \
            `.bufferingOldest(5)` drops the new items once 5 are buffered, \
            `.bufferingNewest(5)` drops the old ones, and `.unbounded` grows without limit \
            (`BoundedBufferTests.asyncStreamBufferingDropsInsteadOfWaiting`). Use it when \
            dropping is what you want (the latest location, progress); use a buffer like this \
            one when every item matters.
            """,
            """
            A `DispatchSemaphore` released while its value is below the value it was created \
            with traps ("BUG IN CLIENT OF LIBDISPATCH: Semaphore object deallocated while in \
            use"): a buffer created with `DispatchSemaphore(value: capacity)` crashes when it is \
            dropped with items still in it. The legacy side creates it at 0 and signals it \
            `capacity` times.
            """,
            """
            A continuation parked in the actor must be resumed exactly once, and cancellation \
            is the path most hand-written channels forget. `onCancel` runs at once, on the \
            cancelling thread, so it hops to the actor; the continuation's body checks \
            `Task.isCancelled` because the cancel may have come before it registered.
            """,
            """
            Never wait on the legacy semaphore from async code: each blocked task takes one of \
            the cooperative pool's few threads (2 here), and the consumer task may then never \
            run (see `semaphore-in-async-starvation`).
            """,
        ],
        annotations: [
            """
            `BoundedBuffer` is `@unchecked Sendable`: `items` is only read or written while \
            holding `lock`; the two semaphores are thread-safe on their own.
            """
        ],
        differences: [
            """
            A waiting modern `send` is cancellable at every point: cancelled before the call, \
            it throws at once; cancelled while it waits, it throws `CancellationError`, leaves \
            no waiter and took no slot, so the full capacity can still be filled; cancelled \
            after it was let in, it returns normally and its item is delivered \
            (`BoundedBufferTests.modernCancelledSendLeavesNoWaiterAndNoLostSlot`). A waiting \
            `receive` is the same (`BoundedBufferTests.modernCancelledReceiveLeavesNoWaiter`), \
            also with 300 producers of which every third is cancelled \
            (`BoundedBufferTests.modernHundredsOfProducersWithCancellation`). Nothing cancels \
            a thread blocked in `DispatchSemaphore.wait()`; the legacy way out is a timeout, \
            and a timed-out `put` took no slot \
            (`BoundedBufferTests.legacyTimedOutPutTakesNoSlot`).
            """
        ],
        replaces: [.semaphoreSignal, .semaphore],
        scenarios: [
            Scenario(
                "slow consumer",
                rules: [.exact, .invariant(["withinCapacity"])],
                legacy: { context in
                    let delay = context.pace(.milliseconds(500))
                    let highWaterMark = await onOwnThread {
                        Legacy.BoundedBuffer<Int>.slowConsumer(
                            capacity: 5, count: 12, consumerDelay: delay, log: context.log)
                    }
                    context.record("withinCapacity", highWaterMark <= 5)
                },
                modern: { context in
                    let highWaterMark = try await Modern.BoundedBuffer<Int>.slowConsumer(
                        capacity: 5, count: 12, consumerDelay: context.pace(.milliseconds(500)),
                        log: context.log)
                    context.record("withinCapacity", highWaterMark <= 5)
                }
            ),
            Scenario(
                "throughput",
                rules: [.invariant(["everyItemArrived", "eachProducerInOrder"])],
                legacy: { context in
                    let perProducer = throughputItems(context.pace)
                    let items = await onOwnThread {
                        Legacy.BoundedBuffer<Int>.manyProducers(
                            capacity: 5, producers: 4, perProducer: perProducer)
                    }
                    recordThroughput(items, expected: 4 * perProducer, context)
                },
                modern: { context in
                    let perProducer = throughputItems(context.pace)
                    let items = try await Modern.BoundedBuffer<Int>.manyProducers(
                        capacity: 5, producers: 4, perProducer: perProducer)
                    recordThroughput(items, expected: 4 * perProducer, context)
                }
            ),
        ]
    )

    /// What `compare bounded-buffer-backpressure` measured, for the page.
    private static let measuredThroughput = """
        Throughput, measured with `swift run -c release compare bounded-buffer-backpressure \
        --runs 15`, twice, on 2 cores (Linux, Swift 6.3.1, release build, 2026-11-24, while \
        other builds kept the load average between 10 and 15), median wall time of one run. \
        **throughput** (4 producers × 2,500 items through 5 slots, one consumer, no delay): \
        legacy 45.4 and 45.7 ms, about 220,000 items a second, with 13 threads at the peak; \
        modern 11.7 and 10.1 ms, about 900,000 items a second, with 8 (0.26× and 0.22× the \
        legacy time; CPU 45 ms against 9 to 12 ms). A full or empty legacy buffer parks a \
        thread in the kernel and another thread's `signal()` wakes it; a suspended task is a \
        continuation in an array, resumed on one of the pool's two threads. **slow \
        consumer** (12 items, the consumer waits 50 ms before each): 602 to 606 ms on both \
        sides: when the consumer is slower, it sets the pace, and the buffer only decides \
        how far ahead the producer may run.
        """
}

/// Items per producer in the throughput scenario: 4 × 2,500 for `compare`, 4 × 250 in the tests.
private func throughputItems(_ pace: Pace) -> Int {
    pace == .test ? 250 : 2_500
}

/// Records how many items came through and whether each producer's items kept their order.
private func recordThroughput(_ items: [Int], expected: Int, _ context: RunContext) {
    context.record("everyItemArrived", items.count == expected && Set(items).count == expected)
    let byProducer = Dictionary(grouping: items) { $0 / 1000 }
    context.record("eachProducerInOrder", byProducer.values.allSatisfy { $0 == $0.sorted() })
    context.log("every item received from \(byProducer.count) producers")
}
