import CoreFoundation
import Foundation

/// A stand-in for a system API that delivers its events only through a run-loop source (an event
/// tap, an Accessibility observer, a `CFMachPort`).
///
/// Like such an API, it hands out a `CFRunLoopSource` (version 0) whose callback runs on the
/// thread whose run loop the source was added to; `post` plays the system, from any thread: it
/// queues the event, signals the source and wakes the run loops it is scheduled on. Events posted
/// before the source is scheduled wait for its first run.
public final class FakeEventTap: @unchecked Sendable {
    // `@unchecked Sendable`: every mutable property is guarded by `lock`.
    private let lock = NSLock()
    private var pending: [String] = []
    private var callback: (@Sendable (String) -> Void)?
    private var source: CFRunLoopSource?
    private var runLoops: [CFRunLoop] = []

    public init() {}

    /// The API's "create" call: a source that calls `callback` once per event, in posting order.
    public func makeRunLoopSource(callback: @escaping @Sendable (String) -> Void) -> CFRunLoopSource {
        var context = CFRunLoopSourceContext()
        context.info = Unmanaged.passUnretained(self).toOpaque()
        context.schedule = { info, runLoop, _ in
            guard let info, let runLoop else { return }
            let tap = Unmanaged<FakeEventTap>.fromOpaque(info).takeUnretainedValue()
            tap.lock.withLock { tap.runLoops.append(runLoop) }
        }
        context.cancel = { info, runLoop, _ in
            guard let info else { return }
            let tap = Unmanaged<FakeEventTap>.fromOpaque(info).takeUnretainedValue()
            tap.lock.withLock { tap.runLoops.removeAll { $0 === runLoop } }
        }
        context.perform = { info in
            guard let info else { return }
            Unmanaged<FakeEventTap>.fromOpaque(info).takeUnretainedValue().deliverPending()
        }
        let created = CFRunLoopSourceCreate(kCFAllocatorDefault, 0, &context)!
        lock.withLock {
            self.callback = callback
            self.source = created
            if !pending.isEmpty { CFRunLoopSourceSignal(created) }
        }
        return created
    }

    /// The system side: an event happens. Callable from any thread.
    public func post(_ event: String) {
        lock.withLock {
            pending.append(event)
            guard let source else { return }
            CFRunLoopSourceSignal(source)
            for runLoop in runLoops { CFRunLoopWakeUp(runLoop) }
        }
    }

    private func deliverPending() {
        let (events, callback) = lock.withLock { () -> ([String], (@Sendable (String) -> Void)?) in
            defer { pending.removeAll() }
            return (pending, self.callback)
        }
        for event in events { callback?(event) }
    }
}
