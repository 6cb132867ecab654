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
        prose: Articles.recipe("bounded-buffer-backpressure"),
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
