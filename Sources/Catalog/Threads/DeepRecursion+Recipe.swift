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
        prose: Articles.recipe("thread-stack-size"),
        isBridging: true,
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
