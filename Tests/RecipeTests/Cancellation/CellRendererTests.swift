import Foundation
import Legacy
import Modern
import RecipeKit
import Testing

@Suite(.serialized, .timeLimit(.minutes(1))) struct CellRendererTests {
    enum Side: String, CaseIterable, Sendable {
        case legacy, modern
    }

    /// The expected image of a cell, computed independently of both sides.
    static func reference(_ id: Int) -> [UInt8] {
        var pixels: [UInt8] = []
        for y in 0..<64 {
            for x in 0..<64 {
                pixels += [UInt8((x * 4 + id * 25) % 256), UInt8((y * 4 + id * 7) % 256),
                           UInt8(((x + y) * 2 + id * 40) % 256), 255]
            }
        }
        return pixels
    }

    /// Shown cells with their images, recorded on the main queue / main actor.
    final class Screen: Sendable {
        let shown = Locked<[(id: Int, pixels: [UInt8])]>([])
        var ids: [Int] { shown.withLock { $0.map(\.id) } }
        func record(_ id: Int, _ pixels: [UInt8]) { shown.withLock { $0.append((id, pixels)) } }
    }

    @Test(arguments: Side.allCases)
    func droppedCellsShowNothingAndTheOthersShowTheirImage(_ side: Side) async throws {
        let screen = Screen()
        let inFlight = await Self.run(side, dropping: [3, 7], screen: screen)
        #expect(screen.ids.sorted() == [0, 1, 2, 4, 5, 6, 8, 9])
        for (id, pixels) in screen.shown.withLock({ $0 }) {
            #expect(pixels == Self.reference(id), "cell \(id)")
        }
        #expect(inFlight == 0)
    }

    /// Runs the page's driver; returns the renders still in flight when it returned.
    static func run(
        _ side: Side, dropping: Set<Int>, screen: Screen, drawn: @escaping @Sendable (Int) -> Void = { _ in }
    ) async -> Int {
        switch side {
        case .legacy:
            return await onOwnThread {
                Legacy.CellRenderer.run(dropping: dropping, drawn: drawn) { id, pixels in
                    dispatchPrecondition(condition: .onQueue(.main))
                    screen.record(id, pixels)
                }.inFlight
            }
        case .modern:
            return await Modern.CellRenderer.run(dropping: dropping, drawn: drawn) { id, pixels in
                MainActor.assertIsolated()
                screen.record(id, pixels)
            }.inFlight
        }
    }

    /// Cancelled while it renders, a render still draws to its end; only the check before showing
    /// drops it.
    @Test(arguments: Side.allCases)
    func aRenderUnderWayRunsToItsEnd(_ side: Side) async {
        let screen = Screen()
        let drawn = Locked<[Int]>([])
        _ = await Self.run(side, dropping: [3, 7], screen: screen) { id in drawn.withLock { $0.append(id) } }
        #expect(drawn.withLock { $0 }.sorted() == Array(0..<10))
        #expect(!screen.ids.contains(3) && !screen.ids.contains(7))
    }

    /// Cell 3 goes while its first render is held, and comes back: only the new render is shown.
    @Test(arguments: Side.allCases)
    func aReusedCellShowsOnlyItsNewRender(_ side: Side) async {
        let screen = Screen()
        let calls = Locked(0)
        switch side {
        case .legacy:
            let inFlight = await onOwnThread {
                let held = DispatchSemaphore(value: 0)
                let proceed = DispatchSemaphore(value: 0)
                let renderer = Legacy.CellRenderer(
                    rendered: { _ in
                        // Hold the first render only.
                        guard calls.withLock({ $0 += 1; return $0 }) == 1 else { return }
                        held.signal()
                        proceed.wait()
                    },
                    show: screen.record)
                renderer.willDisplay(cell: 3)
                held.wait()
                renderer.didEndDisplaying(cell: 3)
                renderer.willDisplay(cell: 3)
                // Let the new render be shown before the stale one goes on.
                let shown = eventuallyOnThisThread {
                    OperationQueue.main.addOperations([BlockOperation {}], waitUntilFinished: true)
                    return !screen.ids.isEmpty
                }
                proceed.signal()
                renderer.waitUntilIdle()
                return shown ? renderer.inFlight : -1  // -1: the new render was never shown
            }
            #expect(inFlight == 0)
        case .modern:
            let inFlight = await { @MainActor in
                let proceed = AsyncStream.makeStream(of: Void.self)
                let proceedGate = Task { for await _ in proceed.stream {} }
                let held = AsyncStream.makeStream(of: Void.self)
                let renderer = Modern.CellRenderer(
                    rendered: { _ in
                        guard calls.withLock({ $0 += 1; return $0 }) == 1 else { return }
                        held.continuation.yield()
                        await proceedGate.value
                    },
                    show: screen.record)
                let stale = renderer.willDisplay(cell: 3)
                for await _ in held.stream { break }
                renderer.didEndDisplaying(cell: 3)
                await renderer.willDisplay(cell: 3).value
                proceed.continuation.finish()
                await stale.value
                return renderer.inFlight
            }()
            #expect(inFlight == 0)
        }
        #expect(screen.ids == [3])
        #expect(calls.withLock { $0 } == 2)
    }

    /// A cell that goes before its render has begun is never drawn, as a queue skips an operation
    /// cancelled before it starts: the task checks before it draws.
    @MainActor @Test func modernCellGoneBeforeItsRenderBeganIsNeverDrawn() async {
        let drawn = Locked<[Int]>([])
        let renderer = Modern.CellRenderer(
            rendered: { id in drawn.withLock { $0.append(id) } }, show: { _, _ in })
        let task = renderer.willDisplay(cell: 1)
        renderer.didEndDisplaying(cell: 1)  // the main actor is busy: the task has not begun
        await task.value
        #expect(drawn.withLock { $0 }.isEmpty)
        #expect(renderer.inFlight == 0)
    }

    @Test(arguments: Side.allCases)
    func noRenderOutlivesItsCell(_ side: Side) async {
        // Dropped, shown, and dropped first or last: the renderer forgets every render.
        for dropping: Set<Int> in [[], [0], [9], [3, 7]] {
            let screen = Screen()
            let inFlight = await Self.run(side, dropping: dropping, screen: screen)
            #expect(inFlight == 0)
            #expect(screen.ids.count == 10 - dropping.count)
        }
    }
}
