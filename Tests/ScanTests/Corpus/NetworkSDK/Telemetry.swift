// The SDK's telemetry: batching, a half-migrated uploader, a UI hook (precision corpus; never
// compiled).
import Foundation

extension Notification.Name {
    static let sdkSessionDidExpire = Notification.Name("ExampleSDKSessionDidExpire")
}

final class TelemetryBatcher {
    private var buffer: [Sample] = []
    private var flushTimer: Timer?
    private let lock = NSLock()  // label: NSLock => lock-zoo | thread-safe-singleton | ticket-sale-lock
    private let maxBatch = 50
    var upload: (([Sample]) -> Void)?

    func add(_ sample: Sample) {
        lock.lock()  // label: NSLock.lock => lock-zoo | thread-safe-singleton | ticket-sale-lock
        buffer.append(sample)
        let full = buffer.count >= maxBatch
        lock.unlock()  // label: NSLock.lock => lock-zoo | thread-safe-singleton | ticket-sale-lock
        if full {
            flush()
        } else if flushTimer == nil {
            flushTimer = Timer.scheduledTimer(withTimeInterval: 10, repeats: false) { [weak self] _ in  // label: Timer.scheduledTimer(repeats: false) => batch-size-or-time
                self?.flush()
            }
        }
    }

    func flush() {
        flushTimer?.invalidate()  // label: Timer.invalidate => batch-size-or-time | timer-invalidate
        flushTimer = nil
        let batch = lock.withLock { () -> [Sample] in  // label: NSLock.lock => lock-zoo | thread-safe-singleton | ticket-sale-lock
            defer { buffer.removeAll() }
            return buffer
        }
        upload?(batch)
    }
}

final class TelemetryUploader {
    private let endpoint: URL

    init(endpoint: URL) {
        self.endpoint = endpoint
    }

    func send(_ batch: [Sample]) async throws {
        var attempt = 0
        while true {
            do {
                try await post(batch)
                return
            } catch {
                attempt += 1
                if attempt > 3 { throw error }
                Thread.sleep(forTimeInterval: Double(attempt))  // label: Thread.sleep => semaphore-in-async-starvation | retry-with-backoff !blocking
            }
        }
    }

    func loadPendingBatches(from folder: URL) async throws -> [[Sample]] {
        let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
        return try files.map { file in
            let data = try Data(contentsOf: file)  // label: Data(contentsOf:) => blocking-io-executor
            return try JSONDecoder().decode([Sample].self, from: data)
        }
    }

    func summarize(_ batches: [[Sample]]) -> [Summary] {
        var summaries = [Summary](repeating: .empty, count: batches.count)
        summaries.withUnsafeMutableBufferPointer { out in
            DispatchQueue.concurrentPerform(iterations: batches.count) { index in  // label: DispatchQueue.concurrentPerform => concurrent-perform
                out[index] = Summary(batches[index])
            }
        }
        return summaries
    }

    func sessionExpired() {
        NotificationCenter.default.post(name: .sdkSessionDidExpire, object: self)  // label: NotificationCenter.post => notification-observer-stream | readers-writer-barrier
    }
}

@MainActor
final class DebugOverlay {
    private var lines: [String] = []
    private let label: DebugLabel

    init(label: DebugLabel) {
        self.label = label
    }

    func show(_ line: String) {
        lines.append(line)
        DispatchQueue.main.async {  // label: DispatchQueue.main.async => main-queue-ui-update !needless
            self.label.text = self.lines.suffix(20).joined(separator: "\n")
        }
    }

    func refreshFromDisk(_ url: URL) {
        Task.detached {  // label: Task.detached calling main-actor code => where-does-it-run !detach
            let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
            await self.show(text)
        }
    }

    func simulateMemoryWarning() {
        NotificationCenter.default.post(name: UIApplication.didReceiveMemoryWarningNotification, object: nil)
    }

    func report(_ outcome: Result<Void, Error>, completion: (Bool) -> Void) {
        if case .failure(let error) = outcome {
            Log.error("\(error)")
            completion(false)
        } else {
            completion(true)
        }
    }
}
