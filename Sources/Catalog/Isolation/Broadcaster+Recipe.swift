import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let multicastStream = Recipe(
        id: "multicast-stream",
        title: "One source, many listeners: an observer list → a stream per subscriber",
        chapter: .isolation,
        sources: [
            "*Swift by Sundell*, \"Observers in Swift\" (2018): observer lists with tokens, multicast delegates over `NSHashTable.weakObjects()`",
            "*SE-0314: AsyncStream and AsyncThrowingStream* (buffering policies, `onTermination`)",
        ],
        file: "Isolation/Broadcaster.swift",
        apis: [
            APIMapping(
                "an observer list behind a DispatchQueue(label:): add → token, remove(token), send → DispatchQueue.async on each listener's queue",
                "a broadcaster: `subscribe()` returns one `AsyncStream` per subscriber; `onTermination` removes it"),
            APIMapping(
                "a listener's serial DispatchQueue(label:) that piles up events, with no bound",
                "a buffering policy per subscriber: `.unbounded`, `.bufferingNewest(n)`, `.bufferingOldest(n)`"),
            APIMapping(
                "a multicast delegate over NSHashTable.weakObjects(); remove(token) in deinit",
                "end the `for await` loop (cancel its task): the continuation is removed, no token to keep"),
            APIMapping(
                "a PassthroughSubject, plus the last value kept by hand for late subscribers",
                "`Broadcaster(replaysLatest: true)`: the latest event first, under the same lock as `send`"),
        ],
        prose: Articles.recipe("multicast-stream"),
        replaces: [
            CodeShape(
                "an observer list (multicast delegate)",
                swift: ["NSHashTable", "MulticastDelegate"],
                objc: ["NSHashTable.weakObjectsHashTable"],
                modern: "a broadcaster: one `AsyncStream` per subscriber"),
            CodeShape(
                "PassthroughSubject (Combine)", swift: ["PassthroughSubject"],
                modern: "a broadcaster of `AsyncStream`s"),
            .queueAsync,
        ],
        scenarios: [
            Scenario(
                "200 listeners",
                rules: [.exact],
                legacy: { context in
                    await onOwnThread { Legacy.Broadcaster.twoHundredListeners(log: context.log) }
                },
                modern: { context in
                    await Modern.Broadcaster.twoHundredListeners(log: context.log)
                }
            ),
            Scenario(
                "a slow listener",
                rules: [.invariant(["fast listener", "slow listener's last event"])],
                fixedOrder: true,
                legacy: { context in
                    let got = await onOwnThread { Legacy.Broadcaster.slowListener(log: context.log) }
                    record(got, in: context)
                },
                modern: { context in
                    let got = await Modern.Broadcaster.slowListener(log: context.log)
                    record(got, in: context)
                }
            ),
            Scenario(
                "a late listener",
                rules: [.exact],
                legacy: { context in
                    await onOwnThread { Legacy.Broadcaster.lateListener(log: context.log) }
                },
                modern: { context in
                    await Modern.Broadcaster.lateListener(log: context.log)
                }
            ),
        ]
    )
}

/// What the slow-listener scenario compares: all the fast listener got, and the slow one's last event.
private func record(_ got: (fast: [Int], slow: [Int]), in context: RunContext) {
    context.record("fast listener", got.fast.map(String.init).joined(separator: ","))
    context.record("slow listener's last event", got.slow.last ?? 0)
}
