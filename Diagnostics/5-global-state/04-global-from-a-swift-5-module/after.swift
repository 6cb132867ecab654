// Uses: FakeSDK
/// The module predates strict concurrency and can't be changed here: say
/// so. The read is exactly as safe as it was in Swift 5, no safer.
@preconcurrency import FakeSDK

nonisolated func requestDeadline() -> Int {
    defaultTimeout * 2
}
