import CDeviceSim
import Dispatch
import Foundation
import Legacy
import Modern
import RecipeKit
import Testing

@Suite(.timeLimit(.minutes(1))) struct DeviceReadingsTests {
    /// A weak reference to what a device's context points at, taken while the device holds it.
    struct WeakContext {
        weak var object: AnyObject?

        init(_ pointer: UnsafeMutableRawPointer?) {
            object = pointer.map { Unmanaged<AnyObject>.fromOpaque($0).takeUnretainedValue() }
        }
    }

    /// Waits until the task that `onTermination` started has stopped the device and released the
    /// box.
    static func stoppedAndFreed(_ device: Int32, _ box: WeakContext) async throws {
        try await eventually("the device stopped") { sim_device_is_running(device) == 0 }
        try await eventually("the box was freed") { box.object == nil }
    }

    /// Readings 1…n.
    static func oneThrough(_ count: Int32) -> [Int32] { Array(1...count) }

    /// Legacy readings of a 100-reading `device` started on a queue whose first block waits for
    /// `held`: returns once the device has sent every reading and none has reached the handler.
    static func legacyReadingsBehindAHeldQueue(
        _ device: Int32
    ) async throws -> (Legacy.DeviceReadings, held: DispatchSemaphore, received: Locked<[Int32]>) {
        let queue = DispatchQueue(label: "readings")
        let held = DispatchSemaphore(value: 0)
        queue.async { held.wait() }
        let received = Locked<[Int32]>([])
        let readings = Legacy.DeviceReadings(device: device, queue: queue) { reading in
            received.withLock { $0.append(reading) }
        }
        #expect(readings.start())
        try await eventually("the device sent every reading") { sim_device_delivered(device) == 100 }
        return (readings, held, received)
    }

    @Test func modernReadingsArriveInOrder() async throws {
        let device = sim_device_open(100)
        defer { sim_device_close(device) }
        let received = await Modern.DeviceReadings.first(100, of: device, bufferingNewest: 100)
        #expect(received == Self.oneThrough(100))
        try await eventually("the device stopped") { sim_device_is_running(device) == 0 }
    }

    @Test func legacyReadingsArriveInOrder() async throws {
        let device = sim_device_open(100)
        defer { sim_device_close(device) }
        let received = Locked<[Int32]>([])
        let readings = Legacy.DeviceReadings(device: device, queue: DispatchQueue(label: "readings")) { reading in
            received.withLock { $0.append(reading) }
        }
        #expect(readings.start())
        try await eventually("100 readings arrived") { received.withLock { $0.count } == 100 }
        readings.stop()
        #expect(received.withLock { $0 } == Self.oneThrough(100))
        #expect(sim_device_is_running(device) == 0)
    }

    /// Cancelling the consumer's task ends the stream: the task `onTermination` starts stops the
    /// device (its thread joined, its registration gone) and releases the box, which is then freed.
    @Test func cancellingTheConsumerUnregistersAndFreesTheBox() async throws {
        let device = sim_device_open(1000)
        defer { sim_device_close(device) }
        let seen = Locked(0)
        let consumer = Task {
            for await _ in Modern.DeviceReadings.stream(of: device, bufferingNewest: 16) {
                seen.withLock { $0 += 1 }
            }
        }
        try await eventually("the consumer saw a reading") { seen.withLock { $0 } > 0 }
        let box = WeakContext(sim_device_context(device))
        #expect(box.object != nil)
        #expect(sim_device_is_running(device) == 1)
        consumer.cancel()
        await consumer.value
        try await Self.stoppedAndFreed(device, box)
        #expect(sim_device_context(device) == nil)
        let delivered = sim_device_delivered(device)
        await Task.yield()
        #expect(sim_device_delivered(device) == delivered)
    }

    /// A `for await` loop that breaks drops the stream it iterated, and that ends it.
    @Test func breakingOutOfTheLoopUnregistersAndFreesTheBox() async throws {
        let device = sim_device_open(100)
        defer { sim_device_close(device) }
        func takeFive() async -> ([Int32], WeakContext) {
            var received: [Int32] = []
            var box = WeakContext(nil)
            for await reading in Modern.DeviceReadings.stream(of: device, bufferingNewest: 100) {
                if received.isEmpty { box = WeakContext(sim_device_context(device)) }
                received.append(reading)
                if received.count == 5 { break }
            }
            return (received, box)
        }
        let (received, box) = await takeFive()
        #expect(received == Self.oneThrough(5))
        try await Self.stoppedAndFreed(device, box)
        #expect(sim_device_context(device) == nil)
    }

    /// A stream that nobody iterates ends when it is dropped.
    @Test func droppingTheStreamUnregisters() async throws {
        let device = sim_device_open(10)
        defer { sim_device_close(device) }
        var box = WeakContext(nil)
        do {
            let readings = Modern.DeviceReadings.stream(of: device, bufferingNewest: 4)
            box = WeakContext(sim_device_context(device))
            #expect(sim_device_is_running(device) == 1)
            _ = readings
        }
        try await Self.stoppedAndFreed(device, box)
    }

    /// A consumer held until the device has sent all 100 readings gets the newest 8, in order:
    /// `.bufferingNewest(8)` dropped the oldest 92.
    @Test func aSlowConsumerGetsOnlyTheNewestReadings() async throws {
        let device = sim_device_open(100)
        defer { sim_device_close(device) }
        let readings = Modern.DeviceReadings.stream(of: device, bufferingNewest: 8)
        try await eventually("the device sent every reading") { sim_device_delivered(device) == 100 }
        var received: [Int32] = []
        for await reading in readings {
            received.append(reading)
            if reading == 100 { break }
        }
        #expect(received == Array(93...100))
        _ = consume readings
        try await eventually("the device stopped") { sim_device_is_running(device) == 0 }
    }

    /// The legacy handler's queue keeps every reading, however far behind the handler is.
    @Test func legacyQueuesEveryReadingForASlowHandler() async throws {
        let device = sim_device_open(100)
        defer { sim_device_close(device) }
        let (readings, held, received) = try await Self.legacyReadingsBehindAHeldQueue(device)
        held.signal()
        try await eventually("the handler caught up") { received.withLock { $0.count } == 100 }
        readings.stop()
        #expect(received.withLock { $0 } == Self.oneThrough(100))
    }

    /// `stop` ends the callbacks, not the handler calls already queued: all 100 queued before
    /// `stop` reach the handler after it.
    @Test func legacyReadingsQueuedBeforeStopStillArrive() async throws {
        let device = sim_device_open(100)
        defer { sim_device_close(device) }
        let (readings, held, received) = try await Self.legacyReadingsBehindAHeldQueue(device)
        readings.stop()
        #expect(sim_device_is_running(device) == 0)
        #expect(received.withLock { $0.isEmpty })
        held.signal()
        try await eventually("the queued readings arrived") { received.withLock { $0.count } == 100 }
    }

    /// The legacy context is `self`, retained by `start`: the registration keeps the object alive
    /// with no other reference, so a `stop` in `deinit` would never run. `stop` lets it go, once the
    /// readings already queued (each block holds the object too) have reached the handler: checked
    /// without draining the queue first, this failed once in a clean-clone CI run.
    @Test func legacyRegistrationKeepsTheOwnerAlive() {
        let device = sim_device_open(3)
        defer { sim_device_close(device) }
        let queue = DispatchQueue(label: "readings")
        weak var owner: Legacy.DeviceReadings?
        do {
            let readings = Legacy.DeviceReadings(device: device, queue: queue) { _ in }
            readings.start()
            owner = readings
        }
        #expect(owner != nil)
        owner?.stop()
        queue.sync {}  // the readings queued before the stop have run, and let go of the object
        #expect(owner == nil)
        #expect(sim_device_is_running(device) == 0)
    }

    /// A stream on a device that is already started gets nothing and ends at once, and leaves the
    /// other registration running: its failure path releases its own box and stops nothing.
    @Test func aSecondStreamOnAStartedDeviceEndsAndLeavesTheFirstRunning() async throws {
        let device = sim_device_open(10)
        defer { sim_device_close(device) }
        var first: AsyncStream<Int32>? = Modern.DeviceReadings.stream(of: device, bufferingNewest: 16)
        let context = sim_device_context(device)
        var second: [Int32] = []
        for await reading in Modern.DeviceReadings.stream(of: device, bufferingNewest: 16) {
            second.append(reading)
        }
        #expect(second.isEmpty)
        #expect(sim_device_is_running(device) == 1)
        #expect(sim_device_context(device) == context)
        #expect(first != nil)
        first = nil
        try await eventually("the first stream's device stopped") { sim_device_is_running(device) == 0 }
    }

    /// A consumer cancelled while the device is calling back: the cancellation runs `onTermination`
    /// while it holds the consumer task's lock, and a callback that is resuming the consumer waits
    /// for that lock. A stop that waited for the callback right there would never return: with the
    /// stop inline in `onTermination`, this test failed 10 of 10 runs. `cancel()` runs on a thread
    /// of its own here, so that a hang fails the test instead of stopping it.
    @Test func cancellingWhileTheDeviceCallsBackDoesNotDeadlock() async throws {
        for _ in 0..<100 {
            let device = sim_device_open(1_000_000)
            let seen = Locked(0)
            let consumer = Task {
                for await _ in Modern.DeviceReadings.stream(of: device, bufferingNewest: 4) {
                    seen.withLock { $0 += 1 }
                }
            }
            try await eventually("the consumer saw a reading") { seen.withLock { $0 } > 0 }
            let cancelled = Locked(false)
            Thread.detachNewThread {
                consumer.cancel()
                cancelled.withLock { $0 = true }
            }
            try await eventually("cancel() returned", within: .seconds(10)) { cancelled.withLock { $0 } }
            await consumer.value
            try await eventually("the device stopped") { sim_device_is_running(device) == 0 }
            sim_device_close(device)
        }
    }
}
