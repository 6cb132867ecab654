import Foundation
import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let offscreenRenderCancel = Recipe(
        id: "offscreen-render-cancel",
        title: "Background rendering per cell, cancelled when the cell goes away",
        chapter: .cancellation,
        sources: [
            "The Read-And-Learn wiki page \"iOS并发编程\", its background `drawRect:` (cancel in `didEndDisplayingCell`, WWDC 2012 session 211, `drawsAsynchronously`)"
        ],
        file: "Cancellation/CellRenderer.swift",
        apis: [
            APIMapping("OperationQueue + one BlockOperation per cell", "one `Task` per cell in a `@MainActor` dictionary"),
            APIMapping(
                "Operation.cancel() in didEndDisplayingCell",
                "`task.cancel()`, the task removed from the dictionary"
            ),
            APIMapping(
                "Operation.isCancelled before handing the image to the main queue",
                "`Task.isCancelled` on the main actor, right before showing"
            ),
            APIMapping("OperationQueue.main.addOperation to show the image", "the task's code after `await render`, on the main actor"),
        ],
        problem: """
            Render each visible cell's image off the main thread, and drop the render of a cell \
            that scrolled away, so that nothing is shown for a cell that is gone.
            """,
        changes: [
            """
            The queue and its operations become one task per cell, kept in a dictionary on the \
            main actor. The render is a `@concurrent` function, so the drawing leaves the main \
            actor and the task comes back to it to show the result: no hop to `OperationQueue.main`.
            """,
            """
            The checks stay where they must be. Cancelling doesn't stop a render under way in \
            either world (`CellRendererTests.aRenderUnderWayRunsToItsEnd`), so the image is dropped \
            by a check right before it is shown. The legacy side checks twice, on the render thread \
            and again in the main-queue block (the cell may go while that block waits its turn); \
            the modern check runs on the main actor, where `didEndDisplaying` runs too, so nothing \
            can slip in between the check and the show.
            """,
            """
            A cell shown again gets a new render, and the old one, cancelled, never shows a stale \
            image (`CellRendererTests.aReusedCellShowsOnlyItsNewRender`). The dictionary forgets a \
            render once it is shown or dropped, on both sides \
            (`CellRendererTests.noRenderOutlivesItsCell`).
            """,
        ],
        pitfalls: [
            """
            A `Task {}` made in `@MainActor` code runs its body on the main actor: the drawing \
            itself must be in a `@concurrent` (or otherwise nonisolated async) function, or it \
            blocks the UI exactly as a main-thread `drawRect:` did.
            """,
            """
            Checking cancellation only at the start of the render is not enough: the cell usually \
            goes while the render runs. Check right before delivering.
            """,
        ],
        platformNotes: [
            """
            **Linux**: `UIGraphicsBeginImageContextWithOptions` and `CALayer.drawsAsynchronously` \
            (which the Read-And-Learn wiki page says "sometimes works") are Apple-only; the image \
            is a plain RGBA byte buffer, and the fake screen (`UISink`) records what was shown and \
            checks it was shown from the main queue or the main actor.
            """,
        ],
        annotations: [
            """
            `CellRenderer` (Legacy) is `@unchecked Sendable`: its dictionary of operations is \
            guarded by an `NSLock`, because `willDisplay`/`didEndDisplaying`, the render threads \
            and the main queue all touch it; `OperationQueue` is thread-safe.
            """,
            """
            The execution block captures its own operation `weak` (the queue keeps it alive while \
            it runs); the `rendered` and `show` closures are `@escaping @Sendable`: they run on a \
            render thread and on the main queue.
            """,
        ],
        errata: [
            """
            The Read-And-Learn wiki page "iOS并发编程", its background `drawRect:`: `drawRect:` \
            itself can't be moved to the background (UIKit calls it on the main thread); what \
            moves is its drawing code, into an image context of its own \
            (`UIGraphicsBeginImageContextWithOptions` … `UIGraphicsEndImageContext`), whose image \
            is then shown on main.
            """
        ],
        replaces: [.operationQueue, .blockOperation, .addOperation, .operationCancel, .mainOperationQueue],
        scenarios: [
            Scenario(
                rules: [.multiset],
                legacy: { context in
                    let sink = UISink(log: context.log)
                    await onOwnThread {
                        _ = Legacy.CellRenderer.run(dropping: [3, 7]) { id, pixels in
                            sink.showFromMainQueue(CellRendererLines.shown(id, pixels))
                        }
                    }
                },
                modern: { context in
                    let sink = UISink(log: context.log)
                    await Modern.CellRenderer.run(dropping: [3, 7]) { id, pixels in
                        sink.show(CellRendererLines.shown(id, pixels))
                    }
                }
            )
        ]
    )
}

/// What the fake screen records for a cell: its id and a checksum of its image (FNV-1a).
enum CellRendererLines {
    static func shown(_ id: Int, _ pixels: [UInt8]) -> String {
        var hash: UInt32 = 2_166_136_261
        for byte in pixels {
            hash = (hash ^ UInt32(byte)) &* 16_777_619
        }
        return "cell \(id) shown, checksum \(String(hash, radix: 16))"
    }
}
