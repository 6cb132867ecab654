import Dispatch
import Legacy
import Modern
import RecipeKit
import Testing

@Suite(.timeLimit(.minutes(1))) struct BoundedBufferTests {
    enum Side: String, CaseIterable, Sendable {
        case legacy, modern
    }

    @Test(arguments: Side.allCases)
    func slowConsumerGetsEverythingInOrderWithinCapacity(_ side: Side) async throws {
        let recorder = Recorder()
        let log = recorder.logger
        let highWaterMark =
            switch side {
            case .legacy:
                await onOwnThread {
                    Legacy.BoundedBuffer<Int>.slowConsumer(
                        capacity: 5, count: 12, consumerDelay: .milliseconds(2), log: log)
                }
            case .modern:
                try await Modern.BoundedBuffer<Int>.slowConsumer(
                    capacity: 5, count: 12, consumerDelay: .milliseconds(2), log: log)
            }
        #expect(recorder.lines == (1...12).map { "received \($0)" })
        #expect(highWaterMark <= 5)
    }

    @Test(arguments: Side.allCases)
    func producerIsHeldBackWhenFull(_ side: Side) async throws {
        switch side {
        case .legacy:
            let (sixthRefused, countWhenFull, sixthAccepted, rest) = await onOwnThread {
                let buffer = Legacy.BoundedBuffer<Int>(capacity: 5)
                for item in 1...5 { buffer.put(item) }
                // A sixth put would block: with a timeout it gives up and adds nothing.
                let refused = !buffer.put(6, timeout: .now())
                let countWhenFull = buffer.count
                let first = buffer.take()
                let accepted = buffer.put(6, timeout: .now())
                return (refused, countWhenFull, accepted, [first] + (1...5).map { _ in buffer.take() })
            }
            #expect(sixthRefused && sixthAccepted)
            #expect(countWhenFull == 5)
            #expect(rest == [1, 2, 3, 4, 5, 6])
        case .modern:
            let buffer = Modern.BoundedBuffer<Int>(capacity: 5)
            for item in 1...5 { try await buffer.send(item) }
            let sixth = Task { try await buffer.send(6) }
            try await eventually { await buffer.waitingSenders == 1 }
            #expect(await buffer.count == 5)  // suspended, not dropped, not grown
            #expect(try await buffer.receive() == 1)
            try await sixth.value
            #expect(await buffer.waitingSenders == 0)
            var rest: [Int] = []
            for _ in 1...5 { rest.append(try #require(try await buffer.receive())) }
            #expect(rest == [2, 3, 4, 5, 6])
        }
    }

    @Test(arguments: Side.allCases)
    func hundredsOfProducersKeepTheirOwnOrder(_ side: Side) async throws {
        let received =
            switch side {
            case .legacy:
                await onOwnThread {
                    Legacy.BoundedBuffer<Int>.manyProducers(capacity: 5, producers: 200, perProducer: 5)
                }
            case .modern:
                try await Modern.BoundedBuffer<Int>.manyProducers(capacity: 5, producers: 200, perProducer: 5)
            }
        #expect(received.count == 1000)
        #expect(Set(received).count == 1000)
        let byProducer = Dictionary(grouping: received) { $0 / 1000 }
        #expect(byProducer.count == 200)
        #expect(byProducer.values.allSatisfy { $0 == $0.sorted() && $0.count == 5 })
    }

    @Test func modernWaitingSendersGoInFIFOOrder() async throws {
        let buffer = Modern.BoundedBuffer<Int>(capacity: 5)
        for item in 0..<5 { try await buffer.send(item) }
        var senders: [Task<Void, any Error>] = []
        for index in 0..<20 {
            senders.append(Task { try await buffer.send(100 + index) })
            try await eventually { await buffer.waitingSenders == index + 1 }
        }
        var received: [Int] = []
        for _ in 0..<25 { received.append(try #require(try await buffer.receive())) }
        for sender in senders { try await sender.value }
        #expect(received == Array(0..<5) + Array(100..<120))
    }

    @Test func modernCancelledSendLeavesNoWaiterAndNoLostSlot() async throws {
        let buffer = Modern.BoundedBuffer<Int>(capacity: 5)

        // Cancelled before the call: throws at once, adds nothing, even with room.
        let early = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await buffer.send(-1)
        }
        await #expect(throws: CancellationError.self) { try await early.value }
        #expect(await buffer.count == 0)

        // Cancelled while waiting: throws, leaves the line, took no slot.
        for item in 1...5 { try await buffer.send(item) }
        let waiting = Task { try await buffer.send(99) }
        try await eventually { await buffer.waitingSenders == 1 }
        waiting.cancel()
        await #expect(throws: CancellationError.self) { try await waiting.value }
        #expect(await buffer.waitingSenders == 0)
        #expect(await buffer.count == 5)

        // Cancelled after it was let in: `send` returns normally, the item is delivered.
        let letIn = Task { try await buffer.send(6) }
        try await eventually { await buffer.waitingSenders == 1 }
        #expect(try await buffer.receive() == 1)
        letIn.cancel()
        try await letIn.value

        // No slot lost: drain, then the full capacity fills again without waiting.
        var drained: [Int] = []
        for _ in 1...5 { drained.append(try #require(try await buffer.receive())) }
        #expect(drained == [2, 3, 4, 5, 6])
        for item in 1...5 { try await buffer.send(item) }
        #expect(await buffer.count == 5)
        #expect(await buffer.waitingSenders == 0)
    }

    @Test func modernCancelledReceiveLeavesNoWaiter() async throws {
        let buffer = Modern.BoundedBuffer<Int>(capacity: 5)
        let waiting = Task { try await buffer.receive() }
        try await eventually { await buffer.waitingReceivers == 1 }
        waiting.cancel()
        await #expect(throws: CancellationError.self) { try await waiting.value }
        #expect(await buffer.waitingReceivers == 0)
        // The next item is not handed to the cancelled receiver: it stays in the buffer.
        try await buffer.send(7)
        #expect(await buffer.count == 1)
        #expect(try await buffer.receive() == 7)
    }

    @Test func modernHundredsOfProducersWithCancellation() async throws {
        let buffer = Modern.BoundedBuffer<Int>(capacity: 5)
        let consumer = Task {
            var received: [Int] = []
            while let item = try await buffer.receive() {
                #expect(await buffer.count <= 5)
                received.append(item)
            }
            return received
        }
        var producers: [Task<Bool, Never>] = []
        for index in 0..<300 {
            let producer = Task {
                do {
                    try await buffer.send(index)
                    return true
                } catch {
                    return false
                }
            }
            if index % 3 == 0 { producer.cancel() }  // before, while or after waiting
            producers.append(producer)
        }
        var sent: Set<Int> = []
        for (index, producer) in producers.enumerated() where await producer.value {
            sent.insert(index)
        }
        await buffer.finish()
        let received = try await consumer.value
        #expect(Set(received) == sent)
        #expect(received.count == sent.count)
        #expect(sent.isSuperset(of: (0..<300).filter { $0 % 3 != 0 }))
        #expect(await buffer.waitingSenders == 0)
        #expect(await buffer.waitingReceivers == 0)
        #expect(await buffer.count == 0)
    }

    @Test func legacyTimedOutPutTakesNoSlot() {
        let buffer = Legacy.BoundedBuffer<Int>(capacity: 5)
        for item in 1...5 { buffer.put(item) }
        #expect(!buffer.put(6, timeout: .now() + .milliseconds(5)))
        #expect(buffer.count == 5)
        #expect((1...5).map { _ in buffer.take() } == [1, 2, 3, 4, 5])
        // The full capacity is still there: five puts that must not wait.
        #expect((1...5).allSatisfy { buffer.put($0, timeout: .now()) })
        #expect(buffer.count == 5)
        for _ in 1...5 { _ = buffer.take() }
    }

    @Test func asyncStreamBufferingDropsInsteadOfWaiting() async {
        let (stream, continuation) = AsyncStream.makeStream(of: Int.self, bufferingPolicy: .bufferingOldest(5))
        var dropped = 0
        for item in 1...12 {
            if case .dropped = continuation.yield(item) { dropped += 1 }
        }
        continuation.finish()
        var received: [Int] = []
        for await item in stream { received.append(item) }
        #expect(dropped == 7)
        #expect(received == [1, 2, 3, 4, 5])
    }
}
