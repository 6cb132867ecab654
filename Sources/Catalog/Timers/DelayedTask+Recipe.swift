import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let delayedTask = Recipe(
        id: "delayed-task",
        title: "Run something once after a delay",
        chapter: .timers,
        sources: [
            "*iOS Programming Cookbook*, §7.7 \"Performing Tasks after a Delay with GCD\"",
            "*Grand Central Dispatch Tutorial for Swift: Part 1/2* (raywenderlich.com, 2015), \"Delaying Work with dispatch_after\"",
            "The Read-And-Learn wiki page \"iOS并发编程\", its `dispatch_after` example (`foo` calls `bar`) and its delayed prompt",
        ],
        file: "Timers/DelayedTask.swift",
        apis: [
            APIMapping(
                "asyncAfter",
                "a deadline taken at the call, then `clock.sleep(until:)` and the work, in a `Task` (in async code, `Task.sleep(for:)`)"
            ),
            APIMapping("dispatch_after", "`clock.sleep(until:)` to a deadline taken at the call"),
            APIMapping("dispatch_time / NSEC_PER_SEC", "a `Duration` (`.seconds(2)`, `.milliseconds(500)`)"),
            APIMapping("dispatch_after_f", "a closure capturing `Sendable` values, after `Task.sleep(for:)`"),
            APIMapping(
                "performSelector:withObject:afterDelay: (perform(_:with:afterDelay:))",
                "`Task { @MainActor in try await clock.sleep(until: deadline, tolerance: nil); call() }`"),
        ],
        prose: Articles.recipe("delayed-task"),
        replaces: [.asyncAfter, .dispatchTime],
        scenarios: [
            Scenario(
                rules: [.exact, .invariant(["waitedAtLeastTheDelay"])],
                legacy: { context in
                    let (three, two, one) = (
                        context.pace(.seconds(3)), context.pace(.seconds(2)), context.pace(.seconds(1))
                    )
                    let sink = UISink(log: context.log)
                    var waited: [Bool] = []
                    waited.append(
                        await awaitDelayedCallback(noSoonerThan: three) { report in
                            Legacy.DelayedTask.printString(after: three) {
                                context.log($0); report(())
                            }
                        }.waitedLongEnough)
                    waited.append(
                        await awaitDelayedCallback(noSoonerThan: two) { report in
                            Legacy.DelayedTask.processSomething(after: two) {
                                context.log($0); report(())
                            }
                        }.waitedLongEnough)
                    waited.append(
                        await awaitDelayedCallback(noSoonerThan: two) { report in
                            Legacy.DelayedTask.foo(after: two) {
                                context.log($0); report(())
                            }
                        }.waitedLongEnough)
                    waited.append(
                        await awaitDelayedCallback(noSoonerThan: one) { report in
                            Legacy.DelayedTask.showOrHideNavPrompt(after: one, photoCount: { 0 }) {
                                sink.showFromMainQueue(promptLine($0))
                                report(())
                            }
                        }.waitedLongEnough)
                    context.record("waitedAtLeastTheDelay", waited.allSatisfy { $0 })
                },
                modern: { context in
                    let (three, two, one) = (
                        context.pace(.seconds(3)), context.pace(.seconds(2)), context.pace(.seconds(1))
                    )
                    let sink = UISink(log: context.log)
                    var waited: [Bool] = []
                    waited.append(
                        await awaitDelayedCallback(noSoonerThan: three) { report in
                            Modern.DelayedTask.printString(after: three) {
                                context.log($0); report(())
                            }
                        }.waitedLongEnough)
                    waited.append(
                        await awaitDelayedCallback(noSoonerThan: two) { report in
                            Modern.DelayedTask.processSomething(after: two) {
                                context.log($0); report(())
                            }
                        }.waitedLongEnough)
                    waited.append(
                        await awaitDelayedCallback(noSoonerThan: two) { report in
                            await Modern.DelayedTask.foo(after: two) {
                                context.log($0); report(())
                            }
                        }.waitedLongEnough)
                    waited.append(
                        await awaitDelayedCallback(noSoonerThan: one) { report in
                            Modern.DelayedTask.showOrHideNavPrompt(after: one, photoCount: { 0 }) { @MainActor in
                                sink.show(promptLine($0))
                                report(())
                            }
                        }.waitedLongEnough)
                    context.record("waitedAtLeastTheDelay", waited.allSatisfy { $0 })
                }
            ),
            Scenario(
                "prompt with photos",
                rules: [.exact],
                legacy: { context in
                    let sink = UISink(log: context.log)
                    _ = await awaitDelayedCallback(noSoonerThan: context.pace(.seconds(1))) { report in
                        Legacy.DelayedTask.showOrHideNavPrompt(after: context.pace(.seconds(1)), photoCount: { 3 }) {
                            sink.showFromMainQueue(promptLine($0))
                            report(())
                        }
                    }
                },
                modern: { context in
                    let sink = UISink(log: context.log)
                    try await Modern.DelayedTask.showOrHideNavPrompt(
                        after: context.pace(.seconds(1)), photoCount: { 3 }
                    ) {
                        @MainActor in sink.show(promptLine($0))
                    }.value
                }
            ),
        ]
    )
}

/// How the transcript shows the navigation prompt being set.
private func promptLine(_ prompt: String?) -> String {
    "prompt = \(prompt ?? "nil")"
}
