import Foundation

/// Starting concurrent work that downloads a URL, then updates the UI on the
/// main actor.
///
/// There is no thread to create: a task runs on the shared pool. The entry
/// point becomes an async function, and its argument a parameter.
/// `Task.detached` is the closest thing to a detached thread, yet it is not
/// "detached" in the thread sense: it has a handle, and `await task.value`
/// joins it and returns its result. `async let` goes further: the child is
/// joined (or cancelled) before the scope ends, so it can't be forgotten. The
/// caller, not the worker, then updates the UI, by awaiting a `@MainActor`
/// function.
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

    /// `Task.detached`, then joined: the handle is what a detached thread
    /// lacks.
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

// MARK: - async let: a child that can't be forgotten

nonisolated extension DownloadThread {
    /// Structured: the download runs as a child task while the caller goes
    /// on, and the scope can't end before it has been joined. Its priority and
    /// task-local values come from the caller, as `Task.detached`'s don't.
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
