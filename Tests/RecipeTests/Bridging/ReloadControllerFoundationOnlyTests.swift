// This file deliberately does not `import Dispatch`: Foundation brings Dispatch along, and then
// the compiler inserts no isolation check into a `@MainActor` closure handed to `notify`.
import Foundation
import Testing

/// A main-actor view model whose file imports only Foundation.
@MainActor
private final class FoundationOnlyModel {
    let onMainQueue: @Sendable (Bool) -> Void

    init(onMainQueue: @escaping @Sendable (Bool) -> Void) {
        self.onMainQueue = onMainQueue
    }

    /// Synchronous and main-actor isolated: only main-actor code may call it without `await`.
    func groupDone() {
        onMainQueue(DispatchQueue.getSpecific(key: mainQueueKey) != nil)
    }

    func reload() {
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) {}
        // Inferred `@MainActor` (it calls `groupDone()` without `await`), yet run on a global queue.
        group.notify(queue: .global()) { self.groupDone() }
    }
}

/// A key set on the main queue only.
private let mainQueueKey: DispatchSpecificKey<Void> = {
    let key = DispatchSpecificKey<Void>()
    DispatchQueue.main.setSpecific(key: key, value: ())
    return key
}()

@Suite struct ReloadControllerFoundationOnlyTests {
    /// Where the file does not import Dispatch, the closure is not checked: it runs off the main
    /// queue, and the process carries on (in a real app, with a data race instead of a trap).
    @Test func withoutImportDispatchTheClosureRunsOffMainUnchecked() async {
        _ = mainQueueKey
        let onMainQueue = await withCheckedContinuation { done in
            Task { @MainActor in
                FoundationOnlyModel { done.resume(returning: $0) }.reload()
            }
        }
        #expect(onMainQueue == false)
    }
}
