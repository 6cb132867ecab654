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
        prose: Articles.recipe("group-async-nested"),
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
