import Foundation

/// Cancel queued work items before they start, keeping the group balanced.
///
/// `DispatchWorkItem.cancel()` (`dispatch_block_cancel`) only stops an item
/// that hasn't started: a queue skips a cancelled item when its turn comes.
/// So the items go to a serial queue held suspended until the cancels are
/// done (the classic version used the main queue, busy with this very code).
/// Each item entered the group when queued, and a cancelled one never runs its
/// `leave()`, so the code that cancels it leaves for it. A started item runs
/// to its end unless it reads `isCancelled` itself (see the last section).
public enum CancelWorkItems {
    /// A callback download: calls back with the data, or nil on failure.
    public typealias Download =
        @Sendable (
            _ address: String,
            _ completion: @escaping @Sendable (Data?) -> Void
        ) -> Void

    /// The classic `downloadPhotosWithCompletion`: each address three times,
    /// then the items at `cancelling` (from the fourth on) are cancelled.
    /// `completion` gets the number of photos added.
    public static func downloadPhotos(
        addresses: [String],
        cancelling: Set<Int>,
        download: @escaping Download,
        log: @escaping @Sendable (String) -> Void,
        completion: @escaping @Sendable (Int) -> Void
    ) {
        let downloadGroup = DispatchGroup()
        let addresses = addresses + addresses + addresses
        let photos = PhotoCount()
        let queue = DispatchQueue(label: "photos")
        queue.suspend()  // nothing starts until the cancels are done
        var blocks: [DispatchWorkItem] = []
        for (index, address) in addresses.enumerated() {
            downloadGroup.enter()
            let block = DispatchWorkItem(flags: .inheritQoS) {
                download(address) { data in
                    if data != nil {
                        photos.add()
                        log("photo \(index) added")
                    }
                    downloadGroup.leave()
                }
            }
            blocks.append(block)
            queue.async(execute: block)
        }
        for index in blocks.indices.dropFirst(3)
        where cancelling.contains(index) {
            blocks[index].cancel()  // it hasn't started, so it never will
            downloadGroup.leave()  // the leave its block won't run
        }
        downloadGroup.notify(queue: .global()) {
            completion(photos.count)
        }
        queue.resume()
    }

    /// The photos added so far.
    final class PhotoCount: @unchecked Sendable {
        // `@unchecked Sendable`: `added` is guarded by `lock`.
        private let lock = NSLock()
        private var added = 0

        func add() { lock.withLock { added += 1 } }
        var count: Int { lock.withLock { added } }
    }
}

// MARK: - A started item runs to its end unless it checks

extension CancelWorkItems {
    /// Queues an item that works through `steps` steps. `cancel()` on it once
    /// it has started changes nothing unless `checksCancel` has it read its own
    /// `isCancelled` before each step.
    @discardableResult
    public static func runSteps(
        _ steps: Int,
        checksCancel: Bool,
        on queue: DispatchQueue,
        step: @escaping @Sendable (Int) -> Void,
        log: @escaping @Sendable (String) -> Void
    ) -> DispatchWorkItem {
        let this = ItemReference()
        let item = DispatchWorkItem {
            var done = 0
            while done < steps {
                if checksCancel && this.isCancelled { break }
                done += 1
                step(done)
            }
            log("work: \(done) of \(steps) steps")
        }
        this.item = item
        queue.async(execute: item)
        return item
    }

    /// Lets a work item's block read its own `isCancelled`.
    final class ItemReference: @unchecked Sendable {
        // `@unchecked Sendable`: `item` is set once, before the item is
        // queued (`async` orders that write before the block's reads).
        weak var item: DispatchWorkItem?
        var isCancelled: Bool { item?.isCancelled ?? true }
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

extension CancelWorkItems {
    /// Runs `runSteps` on a serial queue, pauses it after step `pauseAfter`
    /// until it has been cancelled, and blocks until it has finished.
    public static func cancelWhileRunning(
        _ steps: Int,
        pauseAfter: Int,
        checksCancel: Bool,
        log: @escaping @Sendable (String) -> Void
    ) {
        let reached = DispatchSemaphore(value: 0)
        let proceed = DispatchSemaphore(value: 0)
        let queue = DispatchQueue(label: "steps")
        let item = runSteps(
            steps, checksCancel: checksCancel, on: queue,
            step: { step in
                guard step == pauseAfter else { return }
                reached.signal()
                proceed.wait()
            },
            log: log)
        reached.wait()
        log("cancel")
        item.cancel()
        proceed.signal()
        queue.sync {}  // the item has finished
    }
}
