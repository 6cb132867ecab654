import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let detachedThreadLaunch = Recipe(
        id: "pthread-launch-detached",
        title: "`pthread_create` with the DETACHED attribute",
        chapter: .threads,
        sources: [
            "*Threading Programming Guide*, \"Thread Management\" › \"Creating a Thread\" › \"Using POSIX Threads\" (`LaunchThread`, `PosixThreadMainRoutine`)"
        ],
        file: "Threads/DetachedThreadLaunch.swift",
        apis: [
            APIMapping(
                "pthread_attr_setdetachstate(PTHREAD_CREATE_DETACHED) + pthread_create",
                "`Task.detached {}`, its handle kept"
            ),
            APIMapping("pthread_create's context pointer (Unmanaged.passRetained)", "the task closure's captures"),
            APIMapping(
                "DispatchSemaphore signalled last by the detached thread",
                "`await task.value`"
            ),
        ],
        prose: Articles.recipe("pthread-launch-detached"),
        replaces: [.pthreadCreate, .pthread],
        scenarios: [
            Scenario(
                rules: [.exact],
                legacy: { context in
                    await onOwnThread { Legacy.DetachedThreadLaunch.run(payload: 21, log: context.log) }
                },
                modern: { context in
                    await Modern.DetachedThreadLaunch.run(payload: 21, log: context.log)
                }
            )
        ]
    )
}
