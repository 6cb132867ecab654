import Dispatch
import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let runOnce = Recipe(
        id: "run-once",
        title: "Run an initialisation exactly once",
        chapter: .once,
        sources: [
            "*iOS Programming Cookbook*, §7.8 \"Performing a Task Only Once with GCD\"",
            "The Read-And-Learn wiki page \"iOS并发编程\", its `dispatch_once` `+boringColor`",
        ],
        file: "Once/RunOnce.swift",
        apis: [
            APIMapping(
                "dispatch_once", "`static let` for values; an actor caching a `Task` (single flight) for one-time work"),
            APIMapping("NSLock", "actor: the once-box's lock and flag become the actor's stored `Task`"),
            APIMapping("DispatchQueue.async", "`Task {}`, stored so that later callers await it"),
            APIMapping("DispatchGroup.notify(queue:)", "code after `await task.value`"),
        ],
        problem: "Run a piece of code once per process, however many callers and threads ask for it.",
        changes: [
            "Swift cannot call `dispatch_once`. For a value the answer is `static let` on both sides: Swift runs a global or static initialiser lazily, on first use, exactly once and thread-safely, so `+boringColor` with its `static dispatch_once_t onceToken` becomes `static let boringColor = RGBA(…)`.",
            "For one-time work with a side effect, the legacy side keeps the classic shape: a once-box (`OnceToken`, an `NSLock` and a flag) around `DispatchQueue.global().async`.",
            "The modern side is an actor that stores the `Task` doing the work and hands it to every caller. The `Task` is stored before the actor's first `await`, so a caller that arrives while the work runs awaits the same task (single flight). Every caller resumes after the work has finished, which the once-box could not tell them.",
            "Both sides are called twice as in the classic example and then by 100 concurrent callers: the block runs once, and every caller sees the same colour.",
        ],
        pitfalls: [
            "Actors are reentrant. `if cached == nil { cached = await make() }` lets a second caller in at the `await`, and `make()` runs twice (`RunOnceTests.naiveActorCacheRunsMakeTwice`). Store the `Task` first, then await it.",
            "`dispatch_once` runs its block synchronously on the caller's thread, and concurrent callers block until it returns; so does `OnceToken`. Calling it again from inside the block deadlocks.",
            "A `static let` can't `await`. Work that must suspend needs the actor (or a `Task` cached somewhere safe); see `thread-safe-singleton`.",
            "The once-box here guards only the *dispatch*: its callers return before the block has run (`RunOnceTests.legacyCallerReturnsBeforeTheBlockHasRun`).",
        ],
        annotations: [
            "`RunOnce` and `OnceToken` are `@unchecked Sendable`: their mutable state (the entry count, the flag) is only touched while holding their `NSLock`.",
            "The `log` and `setUp` closures are `@escaping @Sendable`: they run on a global queue.",
        ],
        differences: [
            "A legacy caller returns before the one-time block has run (the once-box only dispatches it); a modern caller resumes after the work has finished (`RunOnceTests.legacyCallerReturnsBeforeTheBlockHasRun`, `RunOnceTests.modernCallersResumeAfterTheWorkHasRun`).",
            "A lock-based once-box holds its lock across the block, so a concurrent caller waits and the block runs once (`RunOnceTests.onceTokenMakesConcurrentCallersWait`); an actor does not hold anything across an `await`, so the check-then-await version runs the work twice (`RunOnceTests.naiveActorCacheRunsMakeTwice`) and only the stored `Task` keeps it to once (`RunOnceTests.modernConcurrentFirstCallersShareOneTask`).",
        ],
        appTargetNote: "In an app target with default `MainActor` isolation, `RGBA`, its `boringColor` and its conformances would be main-actor-isolated, so code off the main actor could neither read `boringColor` nor use its `Hashable` conformance; `nonisolated` keeps the colour a plain value, usable anywhere.",
        replaces: [.dispatchOnce, .nsLock, .nsLockLock, .groupAsync],
        scenarios: [
            Scenario(
                rules: [.exact],
                legacy: { context in
                    let (entries, colors) = await onOwnThread {
                        let app = Legacy.RunOnce(log: context.log)
                        app.didFinishLaunching()
                        app.didFinishLaunching()
                        let colors = ColorsSeen()
                        DispatchQueue.concurrentPerform(iterations: 100) { _ in
                            app.didFinishLaunching()
                            colors.append(Legacy.RGBA.boringColor.description)
                        }
                        let done = DispatchSemaphore(value: 0)
                        app.notify { done.signal() }
                        done.wait()
                        return (app.entries, colors.all)
                    }
                    RunOnceReport.log(entries: entries, colors: colors, to: context.log)
                },
                modern: { context in
                    let app = Modern.RunOnce(log: context.log)
                    await app.didFinishLaunching()
                    await app.didFinishLaunching()
                    let colors = await withTaskGroup(of: String.self) { group in
                        for _ in 0..<100 {
                            group.addTask {
                                await app.didFinishLaunching()
                                return Modern.RGBA.boringColor.description
                            }
                        }
                        return await group.reduce(into: []) { $0.append($1) }
                    }
                    RunOnceReport.log(entries: await app.entries, colors: colors, to: context.log)
                }
            )
        ]
    )
}

/// The lines both sides log after their callers have finished.
private enum RunOnceReport {
    static func log(entries: Int, colors: [String], to log: @Sendable (String) -> Void) {
        log("numberOfEntries = \(entries)")
        let distinct = Set(colors).sorted().joined(separator: ", ")
        log("boringColor seen by \(colors.count) concurrent callers: \(distinct)")
    }
}

/// The colours the legacy callers saw, collected from many threads.
private final class ColorsSeen: Sendable {
    private let colors = Locked<[String]>([])
    func append(_ color: String) { colors.withLock { $0.append(color) } }
    var all: [String] { colors.withLock { $0 } }
}
