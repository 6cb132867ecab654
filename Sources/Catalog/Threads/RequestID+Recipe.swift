import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let requestID = Recipe(
        id: "thread-local-storage",
        title: "`threadDictionary` / `pthread_key` → `@TaskLocal`",
        chapter: .threads,
        sources: [
            "*Threading Programming Guide*, \"Thread Management\" › \"Configuring Thread Attributes\" › \"Configuring Thread-Local Storage\""
        ],
        file: "Threads/RequestID.swift",
        apis: [
            APIMapping("Thread.threadDictionary (`Thread.current.threadDictionary[key]`)", "`@TaskLocal static var`, bound with `$value.withValue(_:)`"),
            APIMapping(
                "pthread_key_create + pthread_setspecific / pthread_getspecific",
                "`@TaskLocal` (one store; no key, no destructor)"
            ),
        ],
        prose: Articles.recipe("thread-local-storage"),
        replaces: [.threadDictionary, .thread, .pthread],
        scenarios: [
            Scenario(
                "thread dictionary",
                rules: [.multiset],
                legacy: { context in
                    await onOwnThread { Legacy.RequestID.runWithThreadDictionary(log: context.log) }
                },
                modern: { context in
                    await Modern.RequestID.runWithTaskLocal(log: context.log)
                }
            ),
            Scenario(
                "pthread key",
                rules: [.multiset],
                legacy: { context in
                    await onOwnThread { Legacy.RequestID.runWithPOSIXKey(log: context.log) }
                },
                modern: { context in
                    await Modern.RequestID.runWithTaskLocal(log: context.log)
                }
            ),
            Scenario(
                "inheritance",
                rules: [.invariant(["bound"])],
                legacy: { context in
                    let bound = await onOwnThread { Legacy.RequestID.runNewThreadFromBoundThread(log: context.log) }
                    context.record("bound", bound)
                },
                modern: { context in
                    let bound = await Modern.RequestID.runNewTasksFromBoundTask(log: context.log)
                    context.record("bound", bound)
                }
            ),
        ]
    )
}
