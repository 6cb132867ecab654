import Foundation
import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let groupAsyncNested = Recipe(
        id: "group-async-nested",
        title: "Nested group work with a main-queue update (\"foo: 42\", \"bar: 1\")",
        chapter: .groups,
        sources: ["The Read-And-Learn wiki page \"iOS并发编程\", its nested `dispatch_group_async` example (`foo` = 42, `bar` = 1)"],
        file: "Groups/FooBarModel.swift",
        apis: [
            APIMapping("async(group:)", "`async let`; children that `await MainActor.run`"),
            APIMapping("DispatchQueue.main", "a `@MainActor` model"),
            APIMapping("DispatchGroup.notify(queue:)", "code after the last `await`"),
        ],
        problem:
            "Every piece of nested group work (background work, then a main-queue update) must finish before the notify runs.",
        changes: [
            "The model moves to the main actor, so `foo` and `bar` are protected by the compiler instead of by a convention (\"only touch these on the main queue\").",
            "The two `global().async(group:)` blocks become two `async let`s. Each update waits for its own background work; the report waits for both.",
            "The nested `main.async(group:)` needs no counterpart: after an `await`, a `@MainActor` method is back on the main actor, and the update is the next line.",
            "The notify becomes the last lines of the function. Child tasks cannot outlive the scope that started them, so nothing can still be pending when it runs.",
        ],
        pitfalls: [
            "The nested `async(group:)` works because it enters the group while the outer block is still counted, so the count never touches zero in between. A hop that is made later, from a callback, after the outer block has returned, does not have that protection: `enter()` before starting the callback work, and `leave()` when it is done.",
            "A plain `main.async` without `group:` is not tracked. In the classic example's exact shape the FIFO main queue happens to run it before a main-queue notify anyway, which hides the bug until the hop moves into a callback or the notify moves to another queue.",
            "`Task { @MainActor in … }` inside a child is the modern way to make the same mistake: an unstructured task is not awaited by anyone. Use `await MainActor.run` or return to a `@MainActor` function instead.",
        ],
        annotations: [
            "`FooBarModel` is `@unchecked Sendable`: its blocks cross to global queues, and `foo` and `bar` are only touched on the main queue.",
            "`doSomeFoo`, `doSomeBar`, `log` and `completion` are `@escaping @Sendable`: they run on global queues or the main queue.",
        ],
        differences: [
            "On the legacy side, correctness depends on every hop joining the group in time: an update sent from a callback with a plain `main.async` lets the notify run first and report `foo: 0` (`FooBarModelTests.legacyHopOutsideTheGroupLetsNotifyRunFirst`). The modern report always follows both updates, however late the background work finishes (`FooBarModelTests.modernReportsAfterBothUpdatesWhateverTheTiming`)."
        ],
        replaces: [.groupAsync, .groupNotify, .dispatchGroup],
        scenarios: [
            Scenario(
                rules: [.exact],
                legacy: { context in
                    let work = seconds(context.pace(.seconds(1)))
                    let model = Legacy.FooBarModel(
                        doSomeFoo: { Thread.sleep(forTimeInterval: work) },
                        doSomeBar: { Thread.sleep(forTimeInterval: work / 2) }
                    )
                    await withCheckedContinuation { done in
                        model.update(log: context.log) { done.resume() }
                    }
                },
                modern: { context in
                    let work = context.pace(.seconds(1))
                    let model = await Modern.FooBarModel(
                        doSomeFoo: { try? await Task.sleep(for: work) },
                        doSomeBar: { try? await Task.sleep(for: work / 2) }
                    )
                    await model.update(log: context.log)
                }
            )
        ]
    )
}

private func seconds(_ duration: Duration) -> TimeInterval {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}
