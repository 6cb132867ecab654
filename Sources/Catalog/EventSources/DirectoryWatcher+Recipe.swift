import Foundation
import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let dispatchSourceDirWatch = Recipe(
        id: "dispatch-source-dir-watch",
        title: "Watch a directory for changes and deletion",
        chapter: .eventSources,
        sources: [
            "The Read-And-Learn wiki page \"iOS并发编程\", its vnode source watching a directory (`DISPATCH_VNODE_WRITE`, `DISPATCH_VNODE_DELETE`)"
        ],
        file: "EventSources/DirectoryWatcher.swift",
        apis: [
            APIMapping(
                "DispatchSource.makeFileSystemObjectSource (DISPATCH_SOURCE_TYPE_VNODE, DISPATCH_VNODE_WRITE, DISPATCH_VNODE_DELETE, O_EVTONLY; Apple only)",
                "on Linux: inotify (`inotify_init1`, `inotify_add_watch`) read through a read source; consumed as an `AsyncStream<DirectoryWatcher.Event>`"
            ),
            APIMapping(
                "DispatchSource.makeReadSource(fileDescriptor:queue:) on the inotify descriptor",
                "the same source, whose handler yields each event into the stream"
            ),
            APIMapping(
                "setEventHandler reading source.data (dispatch_source_get_data)",
                "`for await event in events { switch event { … } }`"
            ),
            APIMapping(
                "setCancelHandler { close(fd) }",
                "the same cancel handler; `continuation.onTermination` cancels the source"
            ),
            APIMapping(
                "DispatchSource.cancel() on DISPATCH_VNODE_DELETE",
                "`continuation.finish()` after `.deleted`; the consumer's loop ends"
            ),
            APIMapping(
                "FSEventStreamCreate with a C callback and an unretained context, FSEventStreamScheduleWithRunLoop (macOS only; not compiled here)",
                "`FSEventStreamSetDispatchQueue`, the callback yielding into an `AsyncStream<[String]>` whose `onTermination` stops, invalidates and releases the stream"
            ),
        ],
        prose: Articles.recipe("dispatch-source-dir-watch"),
        isBridging: true,
        replaces: [.fileSystemSource, .fsEvents, .readWriteSource, .sourceHandlers],
        scenarios: [
            Scenario(
                rules: [.exact],
                legacy: { context in
                    let directory = try TemporaryDirectory(prefix: "dir-watch")
                    defer { directory.remove() }
                    await onOwnThread {
                        Legacy.DirectoryWatcher.addFileThenDelete(
                            directory.url.path, log: context.log)
                    }
                },
                modern: { context in
                    let directory = try TemporaryDirectory(prefix: "dir-watch")
                    defer { directory.remove() }
                    await Modern.DirectoryWatcher.addFileThenDelete(
                        directory.url.path, log: context.log)
                }
            ),
            Scenario(
                "missing directory",
                rules: [.exact],
                legacy: { context in
                    await onOwnThread {
                        Legacy.DirectoryWatcher.addFileThenDelete(
                            "/no/such/directory", log: context.log)
                    }
                },
                modern: { context in
                    await Modern.DirectoryWatcher.addFileThenDelete(
                        "/no/such/directory", log: context.log)
                }
            ),
        ]
    )
}
