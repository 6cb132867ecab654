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
        ],
        problem:
            "Be told when the contents of a directory change, and when the directory itself is deleted, then stop watching.",
        changes: [
            "Linux has neither vnode sources nor `O_EVTONLY`: `makeFileSystemObjectSource` is Apple-only. Both sides use inotify instead. `inotify_init1(IN_NONBLOCK)` gives a descriptor that becomes readable when events are queued, `inotify_add_watch` names the directory and the events (`IN_CREATE | IN_MODIFY | IN_DELETE` for `DISPATCH_VNODE_WRITE`, `IN_DELETE_SELF` for `DISPATCH_VNODE_DELETE`), and a plain read source watches the descriptor. The handler reads `inotify_event` records until `EAGAIN`.",
            "The scenario watches a real temporary directory: it creates a file in it (`The directory changed.`), then deletes the directory. Removing the file is a change too, then `IN_DELETE_SELF` arrives (`The directory has been deleted.`), the source is cancelled, and its cancel handler closes the descriptor.",
            "The Modern side keeps the source and changes the consumer: the handler yields `.changed` and `.deleted` into an `AsyncStream`, finishes it after `.deleted`, and the reader writes `for await event in events`. `onTermination` cancels the source when the stream finishes or its consumer stops, so cancelling the consuming task closes the descriptor too (`DirectoryWatcherTests.modernCancellingTheConsumerClosesTheDescriptor`).",
            "A directory that cannot be watched gives the classic message, `Unable to open \"<path>\": No such file or directory (2)`; the Modern side throws it as a typed `WatchError`.",
        ],
        pitfalls: [
            "Close the descriptor in the cancel handler and nowhere else. Closed earlier, its number can be reused by the next `open` while the source still watches it, and the source then reads someone else's descriptor. The cancel handler runs once, however often `cancel()` is called (`DirectoryWatcherTests.legacyClosesTheDescriptorExactlyOnceInTheCancelHandler`).",
            "Watch for deletion and stop when it comes, as the Read-And-Learn wiki page advises: a deleted directory's watch is gone (inotify then sends `IN_IGNORED`), and a source left running watches nothing.",
            "Read `errno` before anything else runs: the classic code calls `strerror_r` and then reads `errno` again for the number, and any call in between may change it.",
            "Events coalesce: one handler call may find several records (each a 16-byte header plus `len` bytes of name). Walk them all, and count events from the records, never from how often the handler ran (`DirectoryWatcherTests.severalEventsInOneReadAreEachReported`).",
        ],
        platformNotes: [
            "**Darwin**: there is no inotify (it is Linux-only); the vnode source remains, fed into the same kind of stream.",
        ],
        annotations: [
            "`log` and `closed` are `@escaping @Sendable`: they run on the source's queue.",
            "Modern: `@preconcurrency import Dispatch`. A dispatch source may be cancelled from any thread, but its protocols are not marked `Sendable`, and `onTermination` (a `@Sendable` closure) must capture the source to cancel it.",
        ],
        differences: [
            "Cancelling the task that consumes the Modern stream cancels the source and closes the descriptor; the Legacy source runs until someone calls `cancel()` (`DirectoryWatcherTests.modernCancellingTheConsumerClosesTheDescriptor`)."
        ],
        errata: [
            "The Read-And-Learn wiki page \"iOS并发编程\", its vnode source watching a directory: the message reads `errno` after `strerror_r`, which may itself set it, so the number printed can differ from the reason; read `errno` once, first.",
            "The Read-And-Learn wiki page \"iOS并发编程\", its vnode source watching a directory: the comment says to stop monitoring on `DISPATCH_VNODE_DELETE`, but the handler only logs, so the source (and its descriptor) outlive the directory; the recipe cancels the source there.",
        ],
        isBridging: true,
        appTargetNote: "In an app target with default `MainActor` isolation, `DirectoryWatcher` would land on the main actor, so `events(of:)` could be called synchronously only there and `readEvents`, which the source's handler calls on its own queue, would be main-actor-isolated; `nonisolated` keeps the watcher and its helpers free of the main actor.",
        replaces: [.fileSystemSource, .readWriteSource, .sourceHandlers],
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
