import Foundation

/// Starting concurrent work that downloads a URL, then updates the UI on the
/// main actor.
///
/// There is no thread to create: a task runs on the shared pool. The entry
/// point becomes a `@concurrent` function, and its argument a parameter.
/// Awaited, it runs off the caller's actor; as an `async let` child it runs
/// while the caller goes on, and is joined (or cancelled) before the scope
/// ends, so it can't be forgotten, and it inherits the caller's priority,
/// task-local values and cancellation. The caller, not the worker, then
/// updates the UI, by awaiting a `@MainActor` function. `Task.detached`, the
/// closest thing to a detached thread, is for work that must outlive the
/// caller: it has a handle, and `await task.value` joins it.
public nonisolated enum DownloadThread {
    /// The entry point, `downloadImage:`: suspends while it loads, and returns
    /// the byte count (nil when the load failed).
    @concurrent
    static func download(
        _ url: URL,
        load: @Sendable (URL) async throws -> Data,
        log: @Sendable (String) -> Void
    ) async -> Int? {
        do {
            let data = try await load(url)
            log("downloaded \(data.count) bytes")
            return data.count
        } catch {
            log("download failed: \(error)")
            return nil
        }
    }

    /// Structured: the download runs as a child task while the caller goes
    /// on, and the scope can't end before it has been joined.
    public static func structured(
        _ url: URL,
        load: @escaping @Sendable (URL) async throws -> Data,
        log: @escaping @Sendable (String) -> Void,
        show: @escaping @MainActor @Sendable (String) -> Void
    ) async {
        async let byteCount = download(url, load: load, log: log)
        // The caller is free to do other work here.
        _ = await byteCount
        await show("UI updated")
    }
}

// MARK: - Or Task.detached: a handle for work that must outlive the caller

nonisolated extension DownloadThread {
    /// `Task.detached`, then joined: the handle is what a detached thread
    /// lacks. It inherits neither the caller's priority nor its task-local
    /// values, and cancelling the caller does not cancel it; keep the handle
    /// where the work must go on without the caller, and cancel it there.
    public static func detached(
        _ url: URL,
        load: @escaping @Sendable (URL) async throws -> Data,
        log: @escaping @Sendable (String) -> Void,
        show: @escaping @MainActor @Sendable (String) -> Void
    ) async {
        let task = Task.detached {
            await download(url, load: load, log: log)
        }
        _ = await task.value  // the join
        await show("UI updated")
    }
}
