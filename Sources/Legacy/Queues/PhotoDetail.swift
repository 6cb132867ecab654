import Foundation

/// Slow work on a global queue, then the UI update on the main queue.
///
/// The classic GCD hop: `global().async` takes the load and the face overlay
/// off the main thread, and a nested `main.async` brings the result back for
/// the UI, so the caller (usually on main) returns at once and the screen stays
/// responsive. The textbook variant nests a `sync` on the same
/// global queue for the load and a `main.sync` for the display; it works, but
/// only because a global queue is concurrent and main is not waiting for this
/// block.
public enum PhotoDetail {
    /// The everyday form: one hop off main for the slow work, one hop back for
    /// the UI.
    ///
    /// `load` is synchronous (like `Data(contentsOf:)`); `show` gets the
    /// overlay on the main queue; `completion` runs on the main queue after the
    /// UI update, or after the message that there is nothing to display.
    public static func showOverlay(
        from url: URL,
        load: @escaping @Sendable (URL) throws -> Data,
        log: @escaping @Sendable (String) -> Void,
        show: @escaping @Sendable (Data) -> Void,
        completion: @escaping @Sendable () -> Void = {}
    ) {
        DispatchQueue.global(qos: .userInitiated).async {
            let overlay = loadImage(from: url, load: load, log: log)
                .map(faceOverlay(of:))
            DispatchQueue.main.async {
                if let overlay {
                    show(overlay)
                } else {
                    log("Image isn't downloaded. Nothing to display.")
                }
                completion()
            }
        }
    }
}

// MARK: - The slow work: load the image, compute the overlay

extension PhotoDetail {
    /// Loads the image, logging why there is none: an error, or no data at all.
    static func loadImage(
        from url: URL, load: (URL) throws -> Data, log: (String) -> Void
    ) -> Data? {
        do {
            let data = try load(url)
            guard !data.isEmpty else {
                log("No data could get downloaded from the URL.")
                return nil
            }
            return data
        } catch {
            log("Error happened = \(error.localizedDescription)")
            return nil
        }
    }

    /// Stands in for a real `faceOverlayImageFromImage`: a pure, CPU-bound
    /// function of the image's bytes (here a negative).
    public static func faceOverlay(of image: Data) -> Data {
        Data(image.map { 255 - $0 })
    }
}

// MARK: - The textbook form: a nested `sync`, then `main.sync`

extension PhotoDetail {
    /// The textbook form: an outer `async` on a global queue, a nested `sync`
    /// on the same queue for the load, then `DispatchQueue.main.sync` for the
    /// display.
    ///
    /// The nested `sync` just runs inline (on a serial queue it would
    /// deadlock), and `main.sync` blocks this worker until main is free (it
    /// deadlocks if main is waiting for this block).
    public static func showOverlayWithNestedSync(
        from url: URL,
        load: @escaping @Sendable (URL) throws -> Data,
        log: @escaping @Sendable (String) -> Void,
        show: @escaping @Sendable (Data) -> Void,
        completion: @escaping @Sendable () -> Void = {}
    ) {
        let concurrentQueue = DispatchQueue.global()
        concurrentQueue.async {
            var image: Data?  // the classic `__block UIImage *image`
            concurrentQueue.sync {
                image = loadImage(from: url, load: load, log: log)
                    .map(faceOverlay(of:))
            }
            DispatchQueue.main.sync {
                if let image {
                    show(image)
                } else {
                    log("Image isn't downloaded. Nothing to display.")
                }
                completion()
            }
        }
    }
}
