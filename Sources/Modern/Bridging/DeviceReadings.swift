import CDeviceSim

/// A C callback that fires many times, as an `AsyncStream`: the context is a
/// box that holds the continuation, and ending the stream unregisters.
///
/// The callback only yields into the continuation. The buffer keeps the
/// newest `limit` readings: when the consumer falls behind, the oldest
/// waiting reading is dropped for each new one. When the consumer goes away
/// (its task is cancelled, its loop breaks, the stream is dropped),
/// `onTermination` starts a task that stops the device and then releases the
/// box: this relies on `sim_device_stop` returning only after the device's
/// thread has finished, so that no callback can run with a freed context.
/// The stop waits for a running callback, and that callback may be waiting to
/// resume the consumer, so it must not run inside `onTermination`. The
/// context is the box, never an owner object, so the stream keeps no owner
/// alive and can outlive the object that made it. `nonisolated` keeps the C
/// callback, a closure literal inside `stream`, off the main actor in an app
/// target: inferred `@MainActor`, it would crash on the device's thread.
public nonisolated enum DeviceReadings {
    /// The readings of `device`, from now until the stream ends.
    public static func stream(
        of device: Int32, bufferingNewest limit: Int
    ) -> AsyncStream<Int32> {
        let (readings, continuation) = AsyncStream.makeStream(
            of: Int32.self, bufferingPolicy: .bufferingNewest(limit))
        // One retain for the registration, released once, after the stop.
        let box = Unmanaged.passRetained(Box(continuation))
        let started = sim_device_start(
            device,
            { context, reading in
                guard let context else { return }
                Unmanaged<Box>.fromOpaque(context).takeUnretainedValue()
                    .continuation.yield(reading)
            }, box.toOpaque())
        guard started == 0 else {
            box.release()
            continuation.finish()
            return readings
        }
        // Set before the stream is returned, so before it can end.
        continuation.onTermination = { _ in
            // Not here: a cancelled consumer runs this while its task's lock
            // is held, and a callback that is resuming it waits for that
            // lock; a stop that waits for the callback would wait for ever.
            Task {
                // Returns after the device's thread has ended: no callback
                // is running, none will run, and the box can go.
                sim_device_stop(device)
                box.release()
            }
        }
        return readings
    }

    /// What the context points at: the continuation, and nothing else.
    private nonisolated final class Box: Sendable {
        let continuation: AsyncStream<Int32>.Continuation

        init(_ continuation: AsyncStream<Int32>.Continuation) {
            self.continuation = continuation
        }
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

nonisolated extension DeviceReadings {
    /// The first `count` readings of `device`; the loop breaks after them,
    /// and the stream, which only the loop held, ends with it.
    public static func first(
        _ count: Int, of device: Int32, bufferingNewest limit: Int
    ) async -> [Int32] {
        var received: [Int32] = []
        guard count > 0 else { return received }
        for await reading in stream(of: device, bufferingNewest: limit) {
            received.append(reading)
            if received.count == count { break }
        }
        return received
    }

    /// A device of `count` readings and a consumer that keeps up: every
    /// reading, in order; then the consumer stops.
    public static func exerciseInOrder(
        count: Int32, log: @escaping @Sendable (String) -> Void
    ) async {
        let device = sim_device_open(count)
        defer { sim_device_close(device) }
        let received = await first(
            Int(count), of: device, bufferingNewest: Int(count))
        log(summary(received, sent: sim_device_delivered(device)))
        await stopped(device)
        log("device running: \(sim_device_is_running(device) == 1)")
    }

    /// A consumer that stops after `taken` of `count` readings.
    public static func exerciseEarlyStop(
        count: Int32, taken: Int, log: @escaping @Sendable (String) -> Void
    ) async {
        let device = sim_device_open(count)
        defer { sim_device_close(device) }
        let received = await first(
            taken, of: device, bufferingNewest: Int(count))
        for reading in received { log("reading \(reading)") }
        log("stopped after \(received.count)")
        await stopped(device)
        log("device running: \(sim_device_is_running(device) == 1)")
    }

    /// A consumer held until the device has sent all `count` readings, with
    /// a buffer of `limit`: it gets the newest `limit`.
    public static func exerciseSlowConsumer(
        count: Int32, limit: Int, log: @escaping @Sendable (String) -> Void,
        record: @escaping @Sendable (String, Int) -> Void
    ) async {
        let device = sim_device_open(count)
        defer { sim_device_close(device) }
        let received = await heldUntilSent(
            device, count: count, bufferingNewest: limit)
        record("sent", Int(sim_device_delivered(device)))
        log(summary(received, sent: sim_device_delivered(device)))
        await stopped(device)
        log("device running: \(sim_device_is_running(device) == 1)")
    }

    /// What a consumer that starts after the device sent all `count`
    /// readings gets, up to the last one; the stream ends on return.
    static func heldUntilSent(
        _ device: Int32, count: Int32, bufferingNewest limit: Int
    ) async -> [Int32] {
        let readings = stream(of: device, bufferingNewest: limit)
        while sim_device_delivered(device) < count, !Task.isCancelled {
            await Task.yield()
        }
        var received: [Int32] = []
        for await reading in readings {
            received.append(reading)
            if reading == count { break }
        }
        return received
    }

    /// Returns once the task that `onTermination` started has stopped the
    /// device (or the caller is cancelled).
    static func stopped(_ device: Int32) async {
        while sim_device_is_running(device) == 1, !Task.isCancelled {
            await Task.yield()
        }
    }

    /// "received 8 of 100: 93…100, in order".
    static func summary(_ received: [Int32], sent: Int32) -> String {
        let range = received.first.map { "\($0)…\(received.last!)" } ?? "none"
        let ordered = zip(received, received.dropFirst()).allSatisfy { $0 < $1 }
        return "received \(received.count) of \(sent): \(range)"
            + (ordered ? ", in order" : ", out of order")
    }
}
