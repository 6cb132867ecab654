import Legacy
import Modern
import RecipeKit

extension Recipe {
    /// Deep enough to overflow a 512 KiB stack (and, in a debug build, the default 8 MiB one), and
    /// shallow enough for ThreadSanitizer (see the pitfalls).
    static let deepRecursionDepth = 50_000
    /// The configured stack: room for `deepRecursionDepth` frames in debug, release and sanitized
    /// builds.
    static let deepRecursionStack = 64 << 20
    /// Deep enough to overflow any pool thread's stack, in any build.
    static let deepRecursionOverflowDepth = 2_000_000

    static let deepRecursion = Recipe(
        id: "thread-stack-size",
        title: "Deep recursion on a thread with a configured stack",
        chapter: .threads,
        sources: [
            "*Threading Programming Guide*, \"Thread Management\" › \"Configuring Thread Attributes\" › \"Configuring the Stack Size of a Thread\"",
            "*Threading Programming Guide*, \"Thread Management\" › \"Thread Costs\" (Table 2-1: stack sizes, the 16 KB minimum in 4 KB multiples)",
        ],
        file: "Threads/DeepRecursion.swift",
        apis: [
            APIMapping(
                "Thread.stackSize (set before start())",
                "no task equivalent: a dedicated `Thread` with `stackSize`, awaited through `withCheckedContinuation`"
            ),
            APIMapping(
                "pthread_attr_setstacksize + pthread_create",
                "no task equivalent; or an iterative algorithm, which runs in any task"
            ),
        ],
        problem: """
            Run a deeply recursive synchronous algorithm (a recursive-descent parse of \
            50,000-deep nested brackets) on a thread with a stack big enough for it (64 MiB), \
            from code that is otherwise async.
            """,
        changes: [
            """
            Nothing in Swift concurrency sets a stack size: `Task`, `TaskGroup` and `async let` \
            take none, and a task's synchronous calls use the stack of whichever pool thread runs \
            it. So the modern side keeps the thread: `onDedicatedThread(stackSize:_:)` creates a \
            `Thread`, sets `stackSize` before `start()`, and resumes a continuation as the \
            thread's last act. The caller suspends instead of blocking on a semaphore, and the \
            recursion reads back its 64 MiB stack on both sides \
            (`DeepRecursionTests.bothSidesParseOnTheConfiguredStack`).
            """,
            """
            The better fix, where the algorithm allows it: no deep recursion. The iterative parser \
            keeps its stack of open groups on the heap, runs in any task, and returns the same \
            depth (`DeepRecursionTests.iterativeParserNeedsNoBigStack`, on inputs up to a million \
            deep).
            """,
            """
            The POSIX form (`pthread_attr_setstacksize`, then `pthread_create` and \
            `pthread_join`) has the same modern answer; its thread is joined, and the \
            `Thread`-based ones signal as their last act, so no thread outlives a parse \
            (`DeepRecursionTests.everyThreadHasEndedAfterTheParse`).
            """,
        ],
        pitfalls: [
            """
            A stack overflow is not an error you can catch: the process dies with SIGSEGV. The \
            \"too small a stack\" scenario shows it, in child processes only: the parse on a \
            512 KiB thread (the *Threading Programming Guide*'s secondary-thread default) and the \
            same recursive parse, two million deep, inside a task.
            """,
            """
            `stackSize` must be set after `Thread(block:)` and before `start()`; set later, it \
            changes nothing for the running thread. `Thread.detachNewThread` starts at once, so \
            it can't be configured at all.
            """,
            """
            A debug build's frames are several times larger than a release build's: this parse \
            fits 8 MiB in release and overflows it in debug.
            """,
            """
            Sanitizers change frame sizes and keep their own per-thread state: under \
            ThreadSanitizer a 100,000-deep parse on the 64 MiB stack sometimes returned 78,546 \
            instead of 100,000, with no report, and sometimes crashed inside the sanitizer \
            (50,000 deep, twelve runs out of twelve were right). Size test inputs for sanitized \
            runs too, and test deep recursion in a plain build as well.
            """,
            """
            A dedicated thread is not cancellable and not part of the task tree: cancelling the \
            awaiting task does not stop the recursion. Check a flag in the recursion if it must \
            stop early.
            """,
            """
            The stack is reserved when the thread is created, but its pages are only committed \
            when touched: a 64 MiB stack costs address space, and memory only as deep as the \
            recursion goes.
            """,
        ],
        platformNotes: [
            """
            **Darwin**: the *Threading Programming Guide*'s numbers date from 2008: 512 KB for \
            secondary threads, 8 MB for the macOS main thread, 1 MB for the iOS main thread, at \
            least 16 KB in 4 KB multiples.
            """,
            """
            **Linux**: a `Thread` and a pthread default to the `ulimit -s` size (8 MiB, \
            typically).
            """,
        ],
        annotations: [
            """
            `Job` is `@unchecked Sendable`: the worker writes its results before it signals (or \
            ends), and the caller reads them only after `wait()` (or `pthread_join`), which \
            order the accesses.
            """,
            """
            The modern file uses `Thread` on purpose (a bridging recipe): a stack size exists only \
            on threads. The closure it runs is `@Sendable`, and the result type is `Sendable`.
            """,
        ],
        differences: [
            """
            Where the work may run: the modern recursion still needs a dedicated thread, because \
            a pool thread's stack can't be configured \
            (`DeepRecursionTests.bothSidesParseOnTheConfiguredStack`). Only the iterative \
            rewrite runs in a plain task (`DeepRecursionTests.iterativeParserNeedsNoBigStack`).
            """
        ],
        isBridging: true,
        appTargetNote: "In an app target with default `MainActor` isolation, `DeepRecursion.nestingDepth` would be main-actor-isolated, so the dedicated big-stack thread could not call it; `nonisolated` keeps the parser callable from that thread.",
        replaces: [.thread, .pthreadCreate, .pthread],
        scenarios: [
            Scenario(
                "Thread.stackSize",
                rules: [.exact],
                legacy: { context in
                    await onOwnThread {
                        _ = Legacy.DeepRecursion.runOnThread(
                            depth: deepRecursionDepth, stackSize: deepRecursionStack, log: context.log)
                    }
                },
                modern: { context in
                    await Modern.DeepRecursion.runOnDedicatedThread(
                        depth: deepRecursionDepth, stackSize: deepRecursionStack, log: context.log)
                }
            ),
            Scenario(
                "pthread attribute",
                rules: [.invariant(["depth"])],
                legacy: { context in
                    let depth = await onOwnThread {
                        Legacy.DeepRecursion.runOnPOSIXThread(
                            depth: deepRecursionDepth, stackSize: deepRecursionStack, log: context.log)
                    }
                    context.record("depth", depth)
                },
                modern: { context in
                    let depth = await Modern.DeepRecursion.runOnDedicatedThread(
                        depth: deepRecursionDepth, stackSize: deepRecursionStack, log: context.log)
                    context.record("depth", depth)
                }
            ),
            Scenario(
                "iterative",
                rules: [.invariant(["depth"])],
                legacy: { context in
                    let depth = await onOwnThread {
                        Legacy.DeepRecursion.runOnThread(
                            depth: deepRecursionDepth, stackSize: deepRecursionStack, log: context.log)
                    }
                    context.record("depth", depth)
                },
                modern: { context in
                    let depth = await Modern.DeepRecursion.runIteratively(depth: deepRecursionDepth, log: context.log)
                    context.record("depth", depth)
                }
            ),
            Scenario(
                "too small a stack",
                rules: [.subprocessDemo(legacy: .traps, modern: .traps)],
                legacy: .childProcess(
                    .onMainThread { _, log in
                        _ = Legacy.DeepRecursion.runOnThread(depth: deepRecursionDepth, stackSize: 512 << 10, log: log)
                    }),
                modern: .childProcess(
                    .async { _, log in
                        await Modern.DeepRecursion.runRecursivelyInATask(depth: deepRecursionOverflowDepth, log: log)
                    })
            ),
        ]
    )
}
