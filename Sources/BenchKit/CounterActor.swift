/// An actor with one method: the modern counterpart of a serial queue's `sync`.
actor CounterActor {
    private var value = 0

    /// Adds one and returns the count: a call that waits for its result.
    @discardableResult
    func increment() -> Int {
        value &+= 1
        return value
    }
}
