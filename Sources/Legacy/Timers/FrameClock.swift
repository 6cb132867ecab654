#if canImport(UIKit)
    import UIKit

    /// Drives an animation from the display: one callback per frame.
    ///
    /// The link goes into the main run loop in `.common` modes, so it keeps
    /// firing while the user scrolls (`.default` would pause it). It retains
    /// its target: the animation ends with `stop()`, or the animator never
    /// goes away.
    public final class FrameAnimator: NSObject {
        private var link: CADisplayLink?
        private var startTime: CFTimeInterval = 0
        // Elapsed seconds in, `false` to stop.
        private let frame: (CFTimeInterval) -> Bool

        public init(frame: @escaping (CFTimeInterval) -> Bool) {
            self.frame = frame
        }

        public func start() {
            let link = CADisplayLink(
                target: self, selector: #selector(tick(_:)))
            link.add(to: .main, forMode: .common)
            self.link = link
            startTime = CACurrentMediaTime()
        }

        public func stop() {
            link?.invalidate()
            link = nil
        }

        @objc private func tick(_ link: CADisplayLink) {
            if !frame(link.timestamp - startTime) { stop() }
        }
    }
#endif
