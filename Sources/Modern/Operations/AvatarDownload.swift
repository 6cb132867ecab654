import Foundation

/// A classic view controller: a task downloads an image, then awaits the main
/// actor while it shows it.
///
/// The operation becomes a `@concurrent` function, so the download runs off the
/// main actor. `await MainActor.run { … }` is the modern `waitUntilDone:YES`:
/// the function goes on only after main has run the update, so
/// `operation done` comes after it, but it suspends instead of blocking a
/// thread. Unlike `DispatchQueue.main.sync`, it is safe from anywhere: called
/// on the main actor it just runs the closure. The view may cancel the task
/// when it goes away; a load that ignores the cancel still returns its data,
/// so the update checks for cancellation on main before it touches the UI.
@MainActor
public final class AvatarDownload {
    /// The Objective-C example's `kURL`.
    public static let kURL = "http://avatar.csdn.net/2/C/D/1_totogo2010.jpg"

    let load: @Sendable (URL) async throws -> Data
    let show: @MainActor @Sendable (String) -> Void
    let log: @Sendable (String) -> Void

    /// `load` fetches the bytes; `show` is the UI.
    public init(
        load: @escaping @Sendable (URL) async throws -> Data,
        show: @escaping @MainActor @Sendable (String) -> Void,
        log: @escaping @Sendable (String) -> Void
    ) {
        self.load = load
        self.show = show
        self.log = log
    }

    /// Starts the download and returns at once. Keep the task to cancel it
    /// when the view goes away, or to await it.
    @discardableResult
    public func viewDidLoad() -> Task<Void, Never> {
        Task { await downloadImage(Self.kURL) }
    }

    /// Runs off the main actor, on the shared pool.
    @concurrent
    nonisolated func downloadImage(_ url: String) async {
        log("url:\(url)")
        do {
            let data = try await load(URL(string: url)!)
            try await MainActor.run {
                // The load may have ignored a cancel. Check here, on main,
                // where the view cancels, before touching the UI.
                try Task.checkCancellation()
                updateUI(data)
            }
        } catch is CancellationError {
            // The view went away: a dismissal, not an error to report.
        } catch {
            // `URLSession` reports a cancel as `URLError(.cancelled)`.
            if !Task.isCancelled { log("no image: \(error)") }
        }
        log("operation done")
    }

    func updateUI(_ image: Data) {
        show("UI updated (\(image.count) bytes)")
    }
}
