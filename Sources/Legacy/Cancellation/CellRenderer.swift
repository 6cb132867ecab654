import Foundation

/// Renders each cell's image off the main thread, and drops the render of a
/// cell that has gone off-screen.
///
/// One `BlockOperation` per visible cell draws the image into a byte buffer
/// (`UIGraphicsBeginImageContextWithOptions` on iOS) on a background queue,
/// then hands it to the main queue to show. When a cell ends displaying, its
/// operation is cancelled. That doesn't stop a render already under way: the
/// block runs to its end, so it checks `isCancelled` after rendering, and the
/// main-queue delivery checks again right before showing, because the cell
/// may have gone while the delivery waited its turn. A cell shown again gets
/// a new operation; the old one, cancelled, can't deliver a stale image.
public final class CellRenderer: @unchecked Sendable {
    // `@unchecked Sendable`: `operations` is read and written holding
    // `lock`; the rest is immutable (`OperationQueue` is thread-safe).
    private let lock = NSLock()
    private var operations: [Int: Operation] = [:]
    private let queue = OperationQueue()
    private let rendered: @Sendable (Int) -> Void
    private let show: @Sendable (Int, [UInt8]) -> Void

    /// - Parameters:
    ///   - rendered: called on the render thread once a cell's image is
    ///     drawn, before the checks; the page's driver uses it as a gate.
    ///   - show: puts a cell's image on screen; called on the main queue.
    public init(
        rendered: @escaping @Sendable (Int) -> Void = { _ in },
        show: @escaping @Sendable (Int, [UInt8]) -> Void
    ) {
        self.rendered = rendered
        self.show = show
    }

    /// `tableView(_:willDisplay:forRowAt:)`: start rendering the cell.
    public func willDisplay(cell id: Int) {
        let operation = BlockOperation()
        operation.addExecutionBlock { [self, weak operation] in
            let pixels = Self.render(cell: id)
            rendered(id)
            guard let operation, !operation.isCancelled else { return }
            OperationQueue.main.addOperation { [self] in
                // Check again: the cell may have gone since.
                guard !operation.isCancelled else { return }
                show(id, pixels)
                lock.withLock {
                    if operations[id] === operation { operations[id] = nil }
                }
            }
        }
        lock.withLock { operations.updateValue(operation, forKey: id) }?
            .cancel()
        queue.addOperation(operation)
    }

    /// `tableView(_:didEndDisplaying:forRowAt:)`: drop the cell's render.
    public func didEndDisplaying(cell id: Int) {
        lock.withLock { operations.removeValue(forKey: id) }?.cancel()
    }

    /// Renders not yet shown or dropped.
    public var inFlight: Int { lock.withLock { operations.count } }
}

// MARK: - The render: a 64×64 RGBA gradient, seeded by the cell id

extension CellRenderer {
    /// The cell's image, as the bytes of a 64×64 RGBA bitmap.
    public static func render(cell id: Int) -> [UInt8] {
        var pixels = [UInt8](repeating: 255, count: 64 * 64 * 4)
        for y in 0..<64 {
            for x in 0..<64 {
                let offset = (y * 64 + x) * 4
                pixels[offset] = UInt8((x * 4 + id * 25) & 0xFF)
                pixels[offset + 1] = UInt8((y * 4 + id * 7) & 0xFF)
                pixels[offset + 2] = UInt8(((x + y) * 2 + id * 40) & 0xFF)
            }
        }
        return pixels
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

extension CellRenderer {
    /// Displays cells 0…9; holds the renders of `dropping` once drawn, ends
    /// displaying those cells, then lets them go on. Blocks until every
    /// render has been shown or dropped. Call it off the main thread.
    /// `drawn` is told each cell whose image was drawn.
    @discardableResult
    public static func run(
        dropping: Set<Int>,
        drawn: @escaping @Sendable (Int) -> Void = { _ in },
        show: @escaping @Sendable (Int, [UInt8]) -> Void
    ) -> CellRenderer {
        let held = DispatchSemaphore(value: 0)
        let proceed = DispatchSemaphore(value: 0)
        let renderer = CellRenderer(
            rendered: { id in
                drawn(id)
                guard dropping.contains(id) else { return }
                held.signal()
                proceed.wait()
            },
            show: show)
        for id in 0..<10 { renderer.willDisplay(cell: id) }
        for _ in dropping { held.wait() }
        for id in dropping.sorted() { renderer.didEndDisplaying(cell: id) }
        for _ in dropping { proceed.signal() }
        renderer.waitUntilIdle()
        return renderer
    }

    /// Blocks until every render has been shown or dropped. Call it off the
    /// main thread.
    public func waitUntilIdle() {
        queue.waitUntilAllOperationsAreFinished()
        // The main queue runs in order: once this block ran, so had theirs.
        OperationQueue.main.addOperations(
            [BlockOperation {}], waitUntilFinished: true)
    }
}
