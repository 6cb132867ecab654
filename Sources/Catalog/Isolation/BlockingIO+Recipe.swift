import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let blockingIO = Recipe(
        id: "blocking-io-executor",
        title: "Blocking I/O on a task executor of its own",
        chapter: .isolation,
        sources: [
            "SE-0417 Task Executor Preference (its motivation: blocking and I/O work kept off the default pool)",
            "Seen in real code wherever a serial queue guards a blocking file, database or C API",
        ],
        file: "Isolation/BlockingIO.swift",
        apis: [
            APIMapping(
                "DispatchQueue(label:) for a blocking C or file API (Data(contentsOf:), fsync, a database handle)",
                "a `TaskExecutor` with threads of its own, preferred with `withTaskExecutorPreference` in a"
                    + " `@concurrent` function"),
            APIMapping(
                "DispatchQueue.async(execute:) with a completion handler per blocking call",
                "`try await io.run { … }`: the caller suspends and gets the result"),
            APIMapping(
                "DispatchWorkItem.cancel before the call's turn",
                "`task.cancel()`: `run` throws `CancellationError` and skips the call"),
            APIMapping(
                "DispatchQueue.async for each job of a batch, on the dedicated queue",
                "child tasks added with `addTask(executorPreference:)`; `Task(executorPreference:)` for one"),
        ],
        prose: Articles.recipe("blocking-io-executor"),
        isBridging: true,
        replaces: [.blockingFileCall, .dispatchQueueLabel, .workItem, .workItemCancel, .queueAsync],
        scenarios: [
            Scenario(
                "8 blocking reads beside 100 short tasks",
                rules: [.exact],
                legacy: { context in
                    let io = Legacy.BlockingIO(label: "blocking-io")
                    let report = await withCheckedContinuation { done in
                        Legacy.BlockingIO.measure(block: context.pace(.milliseconds(50)), on: io) {
                            done.resume(returning: $0)
                        }
                    }
                    record(context, report.results, report.finishOrder, report.waits, report.readsTook)
                },
                modern: { context in
                    let executor = Modern.BlockingIOExecutor(name: "blocking-io")
                    defer { executor.shutdown() }
                    let report = await Modern.BlockingIO.measure(
                        block: context.pace(.milliseconds(50)), preferring: executor)
                    record(context, report.results, report.finishOrder, report.waits, report.readsTook)
                }
            ),
            Scenario(
                "the same reads on the shared threads",
                rules: [.subprocessDemo(legacy: .finishes, modern: .finishes)],
                legacy: .childProcess(
                    .async { pace, log in
                        let report = await withCheckedContinuation { done in
                            Legacy.BlockingIO.measure(block: pace(.milliseconds(50)), on: nil) {
                                done.resume(returning: $0)
                            }
                        }
                        logShared(pace, log, report.results, report.waits, report.readsTook)
                    }),
                modern: .childProcess(
                    .async { pace, log in
                        let report = await Modern.BlockingIO.measure(
                            block: pace(.milliseconds(50)), preferring: nil)
                        logShared(pace, log, report.results, report.waits, report.readsTook)
                    })
            ),
            Scenario(
                "a read cancelled before its turn",
                rules: [.exact],
                legacy: { context in
                    let lines = await withCheckedContinuation { done in
                        Legacy.BlockingIO.cancelSecondRead(block: context.pace(.milliseconds(50))) {
                            done.resume(returning: $0)
                        }
                    }
                    lines.forEach(context.log)
                },
                modern: { context in
                    await Modern.BlockingIO.cancelSecondRead(block: context.pace(.milliseconds(50))).forEach(context.log)
                }
            ),
        ]
    )
}

/// "0 1 4 9": numbers as one line.
private func joined(_ numbers: [Int]) -> String {
    numbers.map(String.init).joined(separator: " ")
}

/// Median and longest wait, and the reads' span, in milliseconds.
private func timings(_ waits: [Duration], _ readsTook: Duration) -> String {
    let ms = { (duration: Duration) in Int((duration / .milliseconds(1)).rounded()) }
    let median = waits.isEmpty ? .zero : waits[waits.count / 2]
    return "short tasks waited: median \(ms(median)) ms, longest \(ms(waits.last ?? .zero)) ms;"
        + " reads took \(ms(readsTook)) ms"
}

/// The in-process lines: what the driver sequences (results, the serial order, the count); the
/// waits only off the test pace, as values, since a page must not change from run to run.
private func record(
    _ context: RunContext, _ results: [Int], _ finishOrder: [Int], _ waits: [Duration], _ readsTook: Duration
) {
    context.log("8 reads done: " + joined(results))
    context.log("finished in order: " + joined(finishOrder))
    context.log("\(waits.count) short tasks ran")
    if context.pace != .test {
        context.record("timings", timings(waits, readsTook))
    }
}

/// The child's lines: the results and the count always (on the shared threads the reads finish in
/// no fixed order); the waits only off the test pace.
private func logShared(
    _ pace: Pace, _ log: @Sendable (String) -> Void, _ results: [Int], _ waits: [Duration], _ readsTook: Duration
) {
    log("8 reads done: " + joined(results))
    log("\(waits.count) short tasks ran")
    if pace != .test { log(timings(waits, readsTook)) }
}
