import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let eventLoopThread = Recipe(
        id: "event-loop-thread",
        title: "A poll loop on its own thread, as an actor's executor",
        chapter: .threads,
        sources: [
            "W. Richard Stevens, *Unix Network Programming*, vol. 1, \"I/O Multiplexing: The select and poll Functions\"",
            "D. J. Bernstein, \"The self-pipe trick\" (waking a blocked `select`/`poll` from another thread)",
            "SE-0392 \"Custom Actor Executors\" and SE-0424 \"Custom isolation checking for SerialExecutor\"",
            "Seen in real code: servers' and emulators' own `select`/`kqueue`/`epoll` loops; apple/swift-nio, `NIOSerialExecutor` (an event loop as an actor's executor)",
        ],
        file: "Threads/EventLoopThread.swift",
        apis: [
            APIMapping(
                "a Thread in poll(2) (or select, kevent, epoll_wait) over registered descriptors and a self-pipe, with timed callbacks",
                "the same thread as a `SerialExecutor`, the `unownedExecutor` of an actor that holds the descriptors and timers"
            ),
            APIMapping(
                "register(fd, handler) from another thread: a lock, a pollfd more for the next poll, a byte on the self-pipe",
                "`try await loop.register(fd) { … }`: a job that `enqueue` queues and announces with the same byte"
            ),
            APIMapping(
                "schedule(after:) into a list sorted by deadline, the first deadline as the timeout of poll(pollfd…)",
                "the same list in the actor, read by the thread between polls with `assumeIsolated`"
            ),
            APIMapping(
                "a handler called for each ready pollfd, which reads and passes the bytes on",
                "`try await loop.chunks(from: fd)`: an `AsyncStream` read on the loop's thread; a consumer that leaves removes the registration"
            ),
            APIMapping(
                "stop(): a flag, a byte on the self-pipe, a DispatchSemaphore until the thread ends",
                "`await loop.stop()`, which finishes every stream; or release the actor, which the thread holds weakly"
            ),
        ],
        prose: Articles.recipe("event-loop-thread"),
        isBridging: true,
        replaces: [.pollLoop, .thread],
        scenarios: [
            Scenario(
                "a pipe, a socket and two timers",
                rules: [.exact],
                legacy: { context in
                    let log = context.log
                    let delay = context.pace(.milliseconds(300))
                    await onOwnThread { Legacy.EventLoopThread.serveTwoDescriptors(timerDelay: delay, log: log) }
                },
                modern: { context in
                    await Modern.EventLoopThread.serveTwoDescriptors(
                        timerDelay: context.pace(.milliseconds(300)), log: context.log)
                }
            ),
            Scenario(
                "a reader that leaves",
                rules: [.exact],
                legacy: { context in
                    let log = context.log
                    await onOwnThread { Legacy.EventLoopThread.readerLeaves(log: log) }
                },
                modern: { context in
                    await Modern.EventLoopThread.readerLeaves(log: context.log)
                }
            ),
        ]
    )
}
