import Foundation

/// Loads a batch concurrently and gives up when a timeout passes first.
///
/// Waiting is `await`: the caller suspends and no thread blocks, so the caller
/// may be the main actor. The timeout is a race (`withTimeout`, from
/// `connect-timeout`) between the batch and a sleep: the loser is cancelled,
/// and cancellation reaches every load still running. Each load must respond to
/// it (`Task.sleep`, `URLSession` and `Task.checkCancellation()` do), or the
/// race still waits for the load it has given up on.
public nonisolated enum BatchWaiter {
    /// Loads `urls` concurrently and returns how many succeeded; throws
    /// `TimeoutError` when `timeout` passes first, after cancelling the loads
    /// still running.
    public static func loadAll(
        _ urls: [URL],
        timeout: Duration,
        load: @escaping @Sendable (URL) async throws -> Data
    ) async throws -> Int {
        try await withTimeout(timeout) {
            await withTaskGroup(of: Bool.self) { group in
                for url in urls {
                    group.addTask { (try? await load(url)) != nil }
                }
                return await group.reduce(0) { loaded, succeeded in
                    succeeded ? loaded + 1 : loaded
                }
            }
        }
    }
}
