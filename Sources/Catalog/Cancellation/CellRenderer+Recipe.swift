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
        prose: Articles.recipe("offscreen-render-cancel"),
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
