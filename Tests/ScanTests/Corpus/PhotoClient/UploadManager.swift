// Uploads for the photo client: a delegate queue, progress, a synchronous shim for an old
// caller (precision corpus; never compiled).
import UIKit

protocol UploadManagerDelegate: AnyObject {
    func uploadManager(_ manager: UploadManager, didUpdate fraction: Double)
}

final class UploadManager: NSObject, URLSessionTaskDelegate {
    weak var delegate: UploadManagerDelegate?
    private let delegateQueue = OperationQueue()  // label: OperationQueue => operation-queue-async | urlsession-data-task
    private lazy var session = URLSession(configuration: .default, delegate: self, delegateQueue: delegateQueue)
    private var progressObservations: [Int: NSKeyValueObservation] = [:]
    private let fileQueue = DispatchQueue(label: "com.example.photos.upload.files")  // label: DispatchQueue(label:) => serial-queue | blocking-io-executor

    func upload(_ file: URL, to endpoint: URL) {
        let task = session.uploadTask(with: URLRequest(url: endpoint), fromFile: file)
        progressObservations[task.taskIdentifier] = task.progress.observe(\.fractionCompleted) { [weak self] progress, _ in  // label: KVO on Progress => progress-observation-stream
            guard let self else { return }
            DispatchQueue.main.async {  // label: DispatchQueue.main.async => main-queue-ui-update
                self.delegate?.uploadManager(self, didUpdate: progress.fractionCompleted)
            }
        }
        task.resume()
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        fileQueue.async {  // label: DispatchQueue.async => serial-queue | blocking-io-executor
            try? FileManager.default.removeItem(at: self.stagingURL(for: task))
            DispatchQueue.main.sync {  // label: DispatchQueue.main.sync => background-then-main | main-queue-ui-update
                UIApplication.shared.isNetworkActivityIndicatorVisible = false
            }
        }
        fileQueue.async {  // label: DispatchQueue.async => serial-queue | blocking-io-executor
            self.writeReceipt(for: task)
        }
    }

    /// Called from several places, some of them on the main thread.
    func setBadge(_ count: Int) {
        DispatchQueue.main.sync {  // label: DispatchQueue.main.sync => sync-deadlock !traps
            UIApplication.shared.applicationIconBadgeNumber = count
        }
    }

    func setBadgeSafely(_ count: Int) {
        if Thread.isMainThread {  // label: Thread.isMainThread => main-inline-or-async
            UIApplication.shared.applicationIconBadgeNumber = count
        } else {
            DispatchQueue.main.sync {  // label: DispatchQueue.main.sync => main-inline-or-async
                UIApplication.shared.applicationIconBadgeNumber = count
            }
        }
    }

    /// For an old caller that needs the answer before it returns.
    func uploadSynchronously(_ file: URL, to endpoint: URL) -> Bool {
        let finished = DispatchSemaphore(value: 0)  // label: DispatchSemaphore(value: 0) => sync-wait-for-callback
        var succeeded = false
        let task = session.uploadTask(with: URLRequest(url: endpoint), fromFile: file) { _, response, error in
            succeeded = error == nil && (response as? HTTPURLResponse)?.statusCode == 200
            finished.signal()  // label: DispatchSemaphore.signal => sync-wait-for-callback
        }
        task.resume()
        finished.wait()  // label: DispatchSemaphore.wait => sync-wait-for-callback ?blocking
        return succeeded
    }

    /// Returns whether an upload slot is free right now; never waits.
    private let slots = DispatchSemaphore(value: 2)  // label: DispatchSemaphore => semaphore-throttle

    func tryStartUpload() -> Bool {
        slots.wait(timeout: .now()) == .success  // label: DispatchSemaphore.wait => semaphore-throttle
    }

    func finishUpload() {
        slots.signal()  // label: DispatchSemaphore.signal => semaphore-throttle
    }
}
