/// Renders each cell's image off the main actor, and drops the render of a
/// cell that has gone off-screen.
///
/// The renderer lives on the main actor, like the table view that calls it,
/// and keeps one `Task` per visible cell. The task awaits a `@concurrent`
/// render, so the drawing leaves the main actor and the task comes back to
/// it to show the image. When a cell ends displaying, its task is cancelled.
/// A task cancelled before it begins draws nothing. Cancelling doesn't stop a
/// render under way: cancellation is a flag, and the drawing loop doesn't read
/// it. So the task checks `Task.isCancelled` again right before showing, back
/// on the main actor, where nothing can cancel it between that check and the
/// show. A cell shown again gets a new task; the
/// old one, cancelled, can't deliver a stale image.
@MainActor
public final class CellRenderer {
    private struct Render {
        let token: Int
        let task: Task<Void, Never>
    }
    private var renders: [Int: Render] = [:]
    private var nextToken = 0
    private let rendered: @Sendable (Int) async -> Void
    private let show: @MainActor (Int, [UInt8]) -> Void

    /// - Parameters:
    ///   - rendered: awaited once a cell's image is drawn, before the check;
    ///     the page's driver uses it as a gate.
    ///   - show: puts a cell's image on screen, on the main actor.
    public init(
        rendered: @escaping @Sendable (Int) async -> Void = { _ in },
        show: @escaping @MainActor (Int, [UInt8]) -> Void
    ) {
        self.rendered = rendered
        self.show = show
    }

    /// `tableView(_:willDisplay:forRowAt:)`: start rendering the cell.
    @discardableResult
    public func willDisplay(cell id: Int) -> Task<Void, Never> {
        nextToken += 1
        let token = nextToken
        let task = Task {
            // Gone before this task began: draw nothing, as a queue skips a
            // cancelled operation.
            guard !Task.isCancelled else { return }
            let pixels = await Self.render(cell: id)
            await rendered(id)
            // Right before delivering: the cell may have gone meanwhile.
            guard !Task.isCancelled else { return }
            show(id, pixels)
            if renders[id]?.token == token { renders[id] = nil }
        }
        renders.updateValue(Render(token: token, task: task), forKey: id)?
            .task.cancel()
        return task
    }

    /// `tableView(_:didEndDisplaying:forRowAt:)`: drop the cell's render.
    public func didEndDisplaying(cell id: Int) {
        renders.removeValue(forKey: id)?.task.cancel()
    }

    /// Renders not yet shown or dropped.
    public var inFlight: Int { renders.count }
}

// MARK: - The render: a 64×64 RGBA gradient, seeded by the cell id

extension CellRenderer {
    /// The cell's image, as the bytes of a 64×64 RGBA bitmap, drawn off the
    /// caller's actor.
    @concurrent
    public nonisolated static func render(cell id: Int) async -> [UInt8] {
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
    /// displaying those cells, then lets them go on. Returns once every render
    /// has been shown or dropped. `drawn` is told each cell whose image was
    /// drawn.
    @discardableResult
    public static func run(
        dropping: Set<Int>,
        drawn: @escaping @Sendable (Int) -> Void = { _ in },
        show: @escaping @MainActor (Int, [UInt8]) -> Void
    ) async -> CellRenderer {
        let held = AsyncStream.makeStream(of: Void.self)
        let proceed = AsyncStream.makeStream(of: Void.self)
        // Awaiting another task's value ignores the waiter's cancellation.
        let proceedGate = Task { for await _ in proceed.stream {} }
        let renderer = CellRenderer(
            rendered: { id in
                drawn(id)
                guard dropping.contains(id) else { return }
                held.continuation.yield()
                await proceedGate.value
            },
            show: show)
        let tasks = (0..<10).map { renderer.willDisplay(cell: $0) }
        var holding = 0
        while holding < dropping.count {
            for await _ in held.stream { break }
            holding += 1
        }
        for id in dropping.sorted() { renderer.didEndDisplaying(cell: id) }
        proceed.continuation.finish()
        for task in tasks { await task.value }
        return renderer
    }
}
