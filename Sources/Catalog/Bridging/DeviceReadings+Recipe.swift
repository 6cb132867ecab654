import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let cCallbackStream = Recipe(
        id: "c-callback-stream",
        title: "A C callback that fires many times, as an `AsyncStream`",
        chapter: .bridging,
        sources: [
            "Seen in real code: C APIs that call back many times with a `void *context` (audio IOProcs and taps, "
                + "HID input callbacks, FSEvents streams, sensor and device SDKs), wrapped with "
                + "`Unmanaged.passRetained(self).toOpaque()` as the context and a hop to a queue per event"
        ],
        file: "Bridging/DeviceReadings.swift",
        sdkModule: "CDeviceSim",
        apis: [
            APIMapping(
                "`Unmanaged.passRetained(self).toOpaque()` as a C callback's context, a queue hop per event",
                "an `AsyncStream` fed by the callback through an `Unmanaged` box that holds the continuation"),
            APIMapping(
                "a queue hop per callback of the `Unmanaged.passRetained(self)` context: every event queued",
                "`.bufferingNewest(n)`: the newest n wait, older ones are dropped"),
            APIMapping(
                "`stop()` (or `deinit`) unregistering, then `Unmanaged.passUnretained(self).release()`",
                "`onTermination`: stop the C side, then release the box, once"),
        ],
        prose: Articles.recipe("c-callback-stream"),
        replaces: [.unmanagedContext],
        scenarios: [
            Scenario(
                "100 readings, in order",
                rules: [.exact],
                legacy: { context in
                    await withCheckedContinuation { done in
                        Legacy.DeviceReadings.exerciseInOrder(count: 100, log: context.log) { done.resume() }
                    }
                },
                modern: { context in await Modern.DeviceReadings.exerciseInOrder(count: 100, log: context.log) }
            ),
            Scenario(
                "the consumer stops after 10",
                rules: [.exact],
                legacy: { context in
                    await withCheckedContinuation { done in
                        Legacy.DeviceReadings.exerciseEarlyStop(count: 100, taken: 10, log: context.log) {
                            done.resume()
                        }
                    }
                },
                modern: { context in
                    await Modern.DeviceReadings.exerciseEarlyStop(count: 100, taken: 10, log: context.log)
                }
            ),
            Scenario(
                "a slow consumer, 100 readings",
                rules: [.invariant(["sent"])],
                fixedOrder: true,
                legacy: { context in
                    await withCheckedContinuation { done in
                        Legacy.DeviceReadings.exerciseSlowConsumer(
                            count: 100, log: context.log, record: { context.record($0, $1) }
                        ) { done.resume() }
                    }
                },
                modern: { context in
                    await Modern.DeviceReadings.exerciseSlowConsumer(
                        count: 100, limit: 8, log: context.log, record: { context.record($0, $1) })
                }
            ),
        ]
    )
}

extension CodeShape {
    /// A C callback's `void *context` made from an object: the callback turns it back into the
    /// object on each call.
    static let unmanagedContext = CodeShape(
        "Unmanaged.passRetained",
        swift: ["Unmanaged.passRetained", "Unmanaged.passUnretained"],
        modern: "an `AsyncStream` fed through an `Unmanaged` box that holds its continuation")
}
