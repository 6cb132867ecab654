import Dispatch

#if canImport(Darwin)
    /// A cache that empties itself when the system reports memory pressure.
    ///
    /// The source delivers on the cache's own queue, so the handler touches
    /// the dictionary with no other lock. A source starts inactive: nothing
    /// arrives before `activate()`. Cancel it when the cache goes away.
    public final class PressureAwareCache: @unchecked Sendable {
        // Guarded by `queue`.
        private var images: [String: [UInt8]] = [:]
        private let queue = DispatchQueue(label: "image-cache")
        private let source: DispatchSourceMemoryPressure

        public init() {
            source = DispatchSource.makeMemoryPressureSource(
                eventMask: [.warning, .critical], queue: queue)
            source.setEventHandler { [weak self] in
                // `.warning` or `.critical`: either way, drop what can be
                // rebuilt.
                self?.images.removeAll()
            }
            source.activate()
        }

        deinit { source.cancel() }

        public func store(_ bytes: [UInt8], for key: String) {
            queue.async { self.images[key] = bytes }
        }
    }
#endif
