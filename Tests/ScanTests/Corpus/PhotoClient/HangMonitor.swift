// The photo client's hang monitor: a thread of its own pings the main thread every second and
// logs slow answers; it starts a few seconds after launch (precision corpus; never compiled).
import Foundation

final class HangMonitor {
    private var thread: Thread?
    private var delayedStart: DispatchWorkItem?
    private let threshold: TimeInterval = 0.25

    func scheduleStart() {
        let work = DispatchWorkItem { [weak self] in self?.start() }  // label: DispatchWorkItem => cancellable-delay
        delayedStart?.cancel()  // label: DispatchWorkItem.cancel => cancellable-delay
        delayedStart = work
        DispatchQueue.main.asyncAfter(deadline: .now() + 5, execute: work)  // label: DispatchQueue.asyncAfter => cancellable-delay
    }

    func pause() {
        delayedStart?.cancel()  // label: DispatchWorkItem.cancel => cancellable-delay
        thread?.cancel()  // label: Thread.cancel => thread-exit | main-thread-watchdog
    }

    func stop() {
        delayedStart?.cancel()  // label: DispatchWorkItem.cancel => cancellable-delay
        thread?.cancel()  // label: Thread.cancel => thread-exit | main-thread-watchdog
        thread = nil
    }

    private func start() {
        let thread = Thread { [weak self] in  // label: Thread => main-thread-watchdog
            while let self, !Thread.current.isCancelled {  // label: Thread.cancel => thread-exit | main-thread-watchdog
                let waited = self.mainThreadResponseTime()
                if waited > self.threshold { Log.hang(waited) }
                Thread.sleep(forTimeInterval: 1)  // label: Thread.sleep => thread-exit | main-thread-watchdog
            }
        }
        thread.start()
        self.thread = thread
    }

    private func mainThreadResponseTime() -> TimeInterval {
        let answered = DispatchSemaphore(value: 0)  // label: DispatchSemaphore(value: 0) => main-thread-watchdog
        let sent = Date()
        DispatchQueue.main.async {  // label: DispatchQueue.main.async => main-thread-watchdog
            answered.signal()  // label: DispatchSemaphore.signal => main-thread-watchdog
        }
        _ = answered.wait(timeout: .now() + 2)  // label: DispatchSemaphore.wait => main-thread-watchdog
        return Date().timeIntervalSince(sent)
    }
}
