import Synchronization

/// The counter guards itself: a `let` holding an atomic, usable from any
/// thread (`nonisolated`: in an app target a global is main-actor code).
nonisolated let requestsInFlight = Atomic<Int>(0)

nonisolated func requestStarted() {
    requestsInFlight.add(1, ordering: .relaxed)
}
