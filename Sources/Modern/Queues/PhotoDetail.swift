import Foundation

/// A main-actor view model: the slow work runs in a `@concurrent` function, the
/// result lands on main.
///
/// The view model is `@MainActor`, so its state is UI state.
/// `showOverlay(from:)` starts a task that inherits the main actor; the load
/// and the face overlay happen in `overlay(from:load:)`, which is `@concurrent`
/// and so leaves the main actor while it runs (without the attribute, under
/// `NonisolatedNonsendingByDefault`, a plain `async` function would run on its
/// caller's actor: main). Back from the `await`, the task is on main again and
/// updates the UI. There is no hop to write, and no way to forget it. A cancel
/// does not stop a load that ignores it, so the task checks after the `await`
/// and leaves the UI alone; a newer call cancels the load before it, so the
/// last request wins, not the slowest.
@MainActor
public final class PhotoDetail {
    /// The overlay on screen, once there is one.
    public private(set) var image: Data?

    private let load: @Sendable (URL) async throws -> Data
    private let log: @Sendable (String) -> Void
    private let show: @MainActor @Sendable (Data) -> Void
    private var loading: Task<Void, Never>?

    /// `load` fetches the image's bytes; `show` puts the overlay on screen.
    public init(
        load: @escaping @Sendable (URL) async throws -> Data,
        log: @escaping @Sendable (String) -> Void,
        show: @escaping @MainActor @Sendable (Data) -> Void
    ) {
        self.load = load
        self.log = log
        self.show = show
    }

    /// Starts loading, cancels the load started before, and returns at once.
    /// Cancel the task when the view goes away, or await it.
    @discardableResult
    public func showOverlay(from url: URL) -> Task<Void, Never> {
        loading?.cancel()
        let task = Task {
            do {
                let overlay = try await Self.overlay(from: url, load: load)
                // The load may have ignored a cancel: don't touch the UI.
                try Task.checkCancellation()
                guard let overlay else {
                    log("No data could get downloaded from the URL.")
                    log("Image isn't downloaded. Nothing to display.")
                    return
                }
                image = overlay
                show(overlay)
            } catch is CancellationError {
                return  // the view went away, or a newer load replaced this one
            } catch {
                // `URLSession` reports a cancel as `URLError(.cancelled)`.
                guard !Task.isCancelled else { return }
                log("Error happened = \(error.localizedDescription)")
                log("Image isn't downloaded. Nothing to display.")
            }
        }
        loading = task
        return task
    }
}

// MARK: - The slow work, off the main actor: `@concurrent`

extension PhotoDetail {
    /// Loads the image and computes its overlay, off the main actor; `nil` when
    /// there is no data.
    @concurrent
    nonisolated static func overlay(
        from url: URL,
        load: @Sendable (URL) async throws -> Data
    ) async throws -> Data? {
        let data = try await load(url)
        guard !data.isEmpty else { return nil }
        return faceOverlay(of: data)
    }

    /// Stands in for a real `faceOverlayImageFromImage`: a pure, CPU-bound
    /// function of the image's bytes (here a negative).
    public nonisolated static func faceOverlay(of image: Data) -> Data {
        Data(image.map { 255 - $0 })
    }
}
