// The photo app's in-memory cache (scan test fixture; not compiled).
import Foundation

final class PhotoCache: @unchecked Sendable {
    private let queue = DispatchQueue(label: "photo.cache", attributes: .concurrent)  // expect: DispatchQueue(attributes: .concurrent) -> concurrent-queue-unordered
    private let stateQueue = DispatchQueue(label: "photo.cache.state")  // expect: DispatchQueue(label:) -> serial-queue
    private let lock = NSLock()  // expect: NSLock -> thread-safe-singleton
    private var photos: [String: Data] = [:]
    private var hits = 0
    private var counter = OSAllocatedUnfairLock(initialState: 0)  // expect: OSAllocatedUnfairLock -> lock-zoo

    func photo(_ key: String) -> Data? {
        queue.sync { photos[key] }  // expect: DispatchQueue.sync -> sync-deadlock
    }

    func store(_ data: Data, for key: String) {
        queue.async(flags: .barrier) { self.photos[key] = data }  // expect: DispatchQueue.async(flags: .barrier) -> request-coalescing
    }

    /// Reads its own queue from a block already on it: deadlocks on a serial queue.
    func compact() {
        stateQueue.async {  // expect: DispatchQueue.async -> generate-sort-random-numbers
            let count = self.stateQueue.sync { self.hits }  // expect: DispatchQueue.sync -> sync-deadlock !
            print(count)
        }
    }

    /// A `sync` onto a different queue from inside a block: fine.
    func snapshot() {
        stateQueue.async {  // expect: DispatchQueue.async -> generate-sort-random-numbers
            let copy = self.queue.sync { self.photos }  // expect: DispatchQueue.sync -> sync-deadlock
            print(copy.count)
        }
    }

    /// Calls out while holding the lock.
    func countHit(then completion: () -> Void) {
        lock.lock()  // expect: NSLock.lock -> thread-safe-singleton !
        hits += 1
        completion()
        lock.unlock()  // expect: NSLock.lock -> thread-safe-singleton
    }

    /// Unlocks first, then calls out.
    func countMiss(then completion: () -> Void) {
        lock.lock()  // expect: NSLock.lock -> thread-safe-singleton
        hits -= 1
        lock.unlock()  // expect: NSLock.lock -> thread-safe-singleton
        completion()
    }

    func purge(every interval: TimeInterval) -> Timer {
        Timer.scheduledTimer(withTimeInterval: interval, repeats: true) { [weak self] _ in  // expect: Timer.scheduledTimer -> timer-invalidate
            self?.queue.async(flags: .barrier) { self?.photos.removeAll() }  // expect: DispatchQueue.async(flags: .barrier) -> request-coalescing
        }
    }
}
