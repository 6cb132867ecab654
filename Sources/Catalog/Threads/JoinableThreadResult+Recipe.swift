import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let joinableThreadResult = Recipe(
        id: "pthread-joinable-result",
        title: "Joinable thread returns a result; join vs await",
        chapter: .threads,
        sources: [
            "*Threading Programming Guide*, \"Thread Management\" › \"Configuring Thread Attributes\" › \"Setting the Detached State of a Thread\""
        ],
        file: "Threads/JoinableThreadResult.swift",
        apis: [
            APIMapping("pthread_create (joinable by default)", "`Task {}`, its handle kept"),
            APIMapping("pthread_join(thread, &result)", "`await task.value`"),
            APIMapping("pthread_join's result: pthread_exit(value) or the routine's return", "the task closure's return value"),
            APIMapping(
                "pthread_create + pthread_join for workers joined before use",
                "`async let`, task groups: children end before their scope"
            ),
        ],
        prose: Articles.recipe("pthread-joinable-result"),
        replaces: [.pthreadCreate, .pthread],
        scenarios: [
            Scenario(
                rules: [.exact],
                legacy: { context in
                    await onOwnThread { Legacy.JoinableThreadResult.run(upTo: 1000, log: context.log) }
                },
                modern: { context in
                    await Modern.JoinableThreadResult.run(upTo: 1000, log: context.log)
                }
            )
        ]
    )
}
