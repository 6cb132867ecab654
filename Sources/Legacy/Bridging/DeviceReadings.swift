import CDeviceSim
import Dispatch
import Foundation

/// A C callback that fires many times, forwarded to a handler on a queue:
/// the context is `self`, retained for as long as the device is started.
///
/// `start` passes `Unmanaged.passRetained(self)` as the context, and the C
/// callback turns it back into `self` and hops to `queue` for each reading.
/// `stop` stops the device, which waits for the device's thread, and then
/// releases the retain. The registration keeps `self` alive: while the device
/// is started, `deinit` cannot run, so stopping in `deinit` alone would never
/// happen. Every reading is queued: a slow handler falls behind without
/// bound, and readings queued before `stop` still reach it after.
public final class DeviceReadings: @unchecked Sendable {
    // `@unchecked Sendable`: `isStarted` is guarded by `lock`; the rest is
    // immutable.
    private let device: Int32
    private let queue: DispatchQueue
    private let handler: @Sendable (Int32) -> Void
    private let lock = NSLock()
    private var isStarted = false

    public init(
        device: Int32, queue: DispatchQueue,
        handler: @escaping @Sendable (Int32) -> Void
    ) {
        self.device = device
        self.queue = queue
        self.handler = handler
    }

    /// Registers with the device; `false` if it could not start.
    @discardableResult
    public func start() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard !isStarted else { return false }
        let context = Unmanaged.passRetained(self).toOpaque()
        let started = sim_device_start(
            device,
            { context, reading in
                guard let context else { return }
                let readings = Unmanaged<DeviceReadings>.fromOpaque(context)
                    .takeUnretainedValue()
                readings.queue.async { readings.handler(reading) }
            }, context)
        guard started == 0 else {
            Unmanaged.passUnretained(self).release()
            return false
        }
        isStarted = true
        return true
    }

    /// Unregisters: no callback runs after it returns (readings already
    /// queued still reach the handler). Don't call it from the callback.
    public func stop() {
        lock.lock()
        defer { lock.unlock() }
        guard isStarted else { return }
        isStarted = false
        sim_device_stop(device)
        Unmanaged.passUnretained(self).release()
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

extension DeviceReadings {
    /// What the handler has seen, on the handler's serial queue only.
    final class Tally: @unchecked Sendable {
        var received: [Int32] = []
        var isDone = false
        var readings: DeviceReadings?
    }

    /// A device of `count` readings and a handler that keeps up: every
    /// reading, in order; then it stops.
    public static func exerciseInOrder(
        count: Int32, log: @escaping @Sendable (String) -> Void,
        completion: @escaping @Sendable () -> Void
    ) {
        let device = sim_device_open(count)
        let queue = DispatchQueue(label: "readings")
        let tally = Tally()
        tally.readings = DeviceReadings(device: device, queue: queue) {
            reading in
            tally.received.append(reading)
            guard tally.received.count == Int(count) else { return }
            finish(device, tally, log: log, completion: completion) {
                log(summary(tally.received, sent: sim_device_delivered(device)))
            }
        }
        tally.readings?.start()
    }

    /// A handler that stops after `taken` of `count` readings.
    public static func exerciseEarlyStop(
        count: Int32, taken: Int, log: @escaping @Sendable (String) -> Void,
        completion: @escaping @Sendable () -> Void
    ) {
        let device = sim_device_open(count)
        let queue = DispatchQueue(label: "readings")
        let tally = Tally()
        tally.readings = DeviceReadings(device: device, queue: queue) {
            reading in
            // Readings queued before `stop` still arrive: ignore them.
            guard !tally.isDone else { return }
            tally.received.append(reading)
            log("reading \(reading)")
            guard tally.received.count == taken else { return }
            tally.isDone = true
            finish(device, tally, log: log, completion: completion) {
                log("stopped after \(tally.received.count)")
            }
        }
        tally.readings?.start()
    }

    /// A handler held until the device has sent all `count` readings: every
    /// reading waits in the queue, and all of them arrive.
    public static func exerciseSlowConsumer(
        count: Int32, log: @escaping @Sendable (String) -> Void,
        record: @escaping @Sendable (String, Int) -> Void,
        completion: @escaping @Sendable () -> Void
    ) {
        let device = sim_device_open(count)
        let queue = DispatchQueue(label: "readings")
        let held = DispatchSemaphore(value: 0)
        queue.async { held.wait() }
        let tally = Tally()
        tally.readings = DeviceReadings(device: device, queue: queue) {
            reading in
            tally.received.append(reading)
            guard reading == count else { return }
            record("sent", Int(sim_device_delivered(device)))
            finish(device, tally, log: log, completion: completion) {
                log(summary(tally.received, sent: sim_device_delivered(device)))
            }
        }
        tally.readings?.start()
        DispatchQueue.global().async {
            while sim_device_delivered(device) < count { usleep(50) }
            held.signal()
        }
    }

    /// Stops, logs, closes the device, then completes; on the handler's
    /// queue.
    private static func finish(
        _ device: Int32, _ tally: Tally,
        log: @escaping @Sendable (String) -> Void,
        completion: @escaping @Sendable () -> Void,
        report: () -> Void
    ) {
        tally.readings?.stop()
        tally.readings = nil
        report()
        log("device running: \(sim_device_is_running(device) == 1)")
        sim_device_close(device)
        completion()
    }

    /// "received 100 of 100: 1…100, in order".
    static func summary(_ received: [Int32], sent: Int32) -> String {
        let range = received.first.map { "\($0)…\(received.last!)" } ?? "none"
        let ordered = zip(received, received.dropFirst()).allSatisfy { $0 < $1 }
        return "received \(received.count) of \(sent): \(range)"
            + (ordered ? ", in order" : ", out of order")
    }
}
