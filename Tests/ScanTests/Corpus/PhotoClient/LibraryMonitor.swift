// The photo client's library monitor, half migrated to Swift concurrency (precision corpus;
// never compiled).
import Photos
import UIKit

@MainActor
final class LibraryMonitor {
    private let pressure = DispatchSource.makeMemoryPressureSource(eventMask: [.warning, .critical], queue: .global())  // label: DispatchSource.makeMemoryPressureSource => memory-pressure-source
    private var thumbnails: [String: UIImage] = [:]
    private let importer = AssetImporter()

    func start() {
        pressure.setEventHandler {  // label: DispatchSource.setEventHandler => callback-isolation-trap !isolation-trap
            self.thumbnails.removeAll()
        }
        pressure.resume()  // label: DispatchSource.setEventHandler => memory-pressure-source | callback-isolation-trap
    }

    func importAll(_ assets: [PHAsset]) {
        let group = DispatchGroup()  // label: DispatchGroup => isolation-inference-trap | dispatch-group-notify
        for asset in assets {
            group.enter()  // label: DispatchGroup.enter => group-wrap-callback-api
            importer.importAsset(asset) { _ in group.leave() }  // label: DispatchGroup.leave => group-wrap-callback-api
        }
        group.notify(queue: .global()) {  // label: DispatchGroup.notify(queue: .global()) => isolation-inference-trap !traps
            self.thumbnails.removeAll()
        }
    }

    /// Asks the user for access and waits for the answer, which arrives on the main queue.
    func requestAccessAndWait() -> Bool {
        let answered = DispatchSemaphore(value: 0)  // label: DispatchSemaphore(value: 0) => sync-wait-for-callback
        var granted = false
        PermissionPrompt.show { answer in
            DispatchQueue.main.async {  // label: DispatchQueue.main.async => main-queue-ui-update
                granted = answer
                answered.signal()  // label: DispatchSemaphore.signal => sync-wait-for-callback
            }
        }
        answered.wait()  // label: DispatchSemaphore.wait => sync-wait-for-callback !blocking
        return granted
    }

    func thumbnail(for asset: PHAsset) async -> UIImage? {
        await withCheckedContinuation { continuation in  // label: withCheckedContinuation resumed never or twice => sync-wait-for-callback !leaked
            guard asset.mediaType == .image else { return }
            importer.requestThumbnail(asset) { image in
                continuation.resume(returning: image)
            }
        }
    }

    func waitForImporter() async {
        let ready = DispatchSemaphore(value: 0)  // label: DispatchSemaphore(value: 0) => semaphore-in-async-starvation | sync-wait-for-callback
        importer.prepare { ready.signal() }  // label: DispatchSemaphore.signal => semaphore-in-async-starvation | sync-wait-for-callback
        ready.wait()  // label: DispatchSemaphore.wait => semaphore-in-async-starvation !blocking
    }
}
