import Dispatch

#if canImport(Darwin)
    /// The system's memory-pressure events as an `AsyncStream`.
    ///
    /// The source stays (there is no concurrency API for memory pressure);
    /// only the newest event is buffered, and ending the stream, or
    /// cancelling the task that iterates it, cancels the source.
    public nonisolated func memoryPressureEvents()
        -> AsyncStream<DispatchSource.MemoryPressureEvent>
    {
        AsyncStream(bufferingPolicy: .bufferingNewest(1)) { continuation in
            let source = DispatchSource.makeMemoryPressureSource(
                eventMask: [.normal, .warning, .critical])
            source.setEventHandler { continuation.yield(source.data) }
            continuation.onTermination = { _ in source.cancel() }
            source.activate()
        }
    }

    /// A cache that stops growing while the system is under memory pressure.
    ///
    /// One task, started by the cache's owner, runs `followPressure()`: each
    /// event sets the cache's mode on the actor, with the state it touches.
    /// It keeps no new entries until pressure is back to normal, and does not
    /// walk and empty what it holds: libdispatch's `dispatch/source.h` warns
    /// that discarding existing caches under pressure triggers VM work that
    /// makes the pressure worse.
    public actor PressureAwareCache {
        private var images: [String: [UInt8]] = [:]
        private var underPressure = false

        public init() {}

        public func store(_ bytes: [UInt8], for key: String) {
            guard !underPressure else { return }
            images[key] = bytes
        }

        /// Runs until its task is cancelled.
        public func followPressure() async {
            for await event in memoryPressureEvents() {
                underPressure = !event.contains(.normal)
            }
        }
    }
#endif
