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
                eventMask: [.warning, .critical])
            source.setEventHandler { continuation.yield(source.data) }
            continuation.onTermination = { _ in source.cancel() }
            source.activate()
        }
    }

    /// A cache that empties itself under memory pressure.
    ///
    /// One task, started by the cache's owner, runs `emptyOnPressure()`:
    /// each event empties the cache on the actor, with the state it touches.
    public actor PressureAwareCache {
        private var images: [String: [UInt8]] = [:]

        public init() {}

        public func store(_ bytes: [UInt8], for key: String) {
            images[key] = bytes
        }

        /// Runs until its task is cancelled.
        public func emptyOnPressure() async {
            for await _ in memoryPressureEvents() {
                images.removeAll()
            }
        }
    }
#endif
