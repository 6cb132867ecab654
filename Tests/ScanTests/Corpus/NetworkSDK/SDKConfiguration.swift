// A Swift networking SDK's configuration and shared state (precision corpus; never compiled).
import Foundation
import os

public enum LogLevel: Int, Sendable { case debug, info, error }

/// The level every logger reads; set once at start-up by `SDK.configure`, before any request.
nonisolated(unsafe) public var sdkLogLevel: LogLevel = .info  // label: nonisolated(unsafe) => thread-safe-singleton

/// The build's user agent: computed once, never written again.
nonisolated(unsafe) let userAgent = "ExampleSDK/4.2 (\(ProcessInfo.processInfo.operatingSystemVersionString))"  // label: nonisolated(unsafe) => thread-safe-singleton

public final class SDK {
    /// The shared instance, replaced by `configure` and by the tests' `reset()`.
    nonisolated(unsafe) public static var shared: SDK?  // label: nonisolated(unsafe) => thread-safe-singleton ?race
    nonisolated(unsafe) static var requestCounter = 0  // label: nonisolated(unsafe) => thread-safe-singleton | atomic-counter !race

    public static func configure(apiKey: String) {
        shared = SDK(apiKey: apiKey)
    }

    static func reset() {
        shared = nil
    }

    static func nextRequestID() -> Int {
        requestCounter += 1
        return requestCounter
    }

    /// Called from the transport's delegate queue for every response.
    static func responseReceived() {
        requestCounter -= 1
    }

    let apiKey: String
    private let tokenLock = OSAllocatedUnfairLock(initialState: Token?.none)  // label: OSAllocatedUnfairLock => lock-zoo
    private let statsLock = NSLock()  // label: NSLock => lock-zoo | thread-safe-singleton | ticket-sale-lock
    private var stats = Stats()

    init(apiKey: String) {
        self.apiKey = apiKey
    }

    var token: Token? {
        get { tokenLock.withLock { $0 } }
        set { tokenLock.withLock { $0 = newValue } }
    }

    func record(_ sample: Sample, then notify: (Stats) -> Void) {
        statsLock.lock()  // label: NSLock.lock => lock-zoo | thread-safe-singleton | ticket-sale-lock !lock-held
        stats.add(sample)
        notify(stats)
        statsLock.unlock()  // label: NSLock.lock => lock-zoo | thread-safe-singleton | ticket-sale-lock
    }

    func snapshot() -> Stats {
        statsLock.withLock { stats }  // label: NSLock.lock => lock-zoo | thread-safe-singleton | ticket-sale-lock
    }

    /// Runs `body` on the SDK's clients synchronously, waiting for its answer.
    func fetchConfiguration(from client: ConfigClient) -> RemoteConfig? {
        nonisolated(unsafe) var received: RemoteConfig?  // label: nonisolated(unsafe) => sync-wait-for-callback
        let done = DispatchSemaphore(value: 0)  // label: DispatchSemaphore(value: 0) => sync-wait-for-callback
        client.fetch { config in
            received = config
            done.signal()  // label: DispatchSemaphore.signal => sync-wait-for-callback
        }
        done.wait()  // label: DispatchSemaphore.wait => sync-wait-for-callback ?blocking
        return received
    }
}
