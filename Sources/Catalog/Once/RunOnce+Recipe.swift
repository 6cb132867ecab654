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
        prose: Articles.recipe("run-once"),
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
