import Legacy
import Modern
import RecipeKit

/// The seeded synthetic image both sides checksum: 256 rows of 256 grayscale pixels.
private let imageWidth = 256
private let imagePixels = SplitMix64.numbers(count: imageWidth * imageWidth, upTo: 255).map { UInt8($0) }
/// What the sequential loop computes, computed once so that no timed run pays for it.
private let sequentialChecksums = Legacy.ParallelLoop.sequentialRowChecksums(pixels: imagePixels, width: imageWidth)

/// Records the checksums as a short, order-sensitive digest, and whether they match the loop.
private func record(_ checksums: [UInt64], in context: RunContext) {
    let digest = checksums.reduce(UInt64(14_695_981_039_346_656_037)) { ($0 ^ $1) &* 1_099_511_628_211 }
    let hex = "0x" + String(digest, radix: 16)
    let matches = checksums == sequentialChecksums
    context.log("\(checksums.count) row checksums, digest \(hex)")
    context.log(matches ? "equal to the sequential loop" : "different from the sequential loop")
    context.record("digest", hex)
    context.record("equalToSequentialLoop", matches)
}

/// How many iterations the trivial loops run.
private let iterationCount = 1000

/// How many times each iteration ran: the trivial loop's body, a locked increment.
private final class IterationTally: Sendable {
    private let runs = Locked([Int](repeating: 0, count: iterationCount))

    func ran(_ iteration: Int) {
        runs.withLock { $0[iteration] += 1 }
    }

    /// Logs a sample of the iterations that ran (the three lowest, then the highest) and how many
    /// ran, rather than 1,000 lines in an order that changes from run to run; records the count,
    /// and whether every index ran exactly once, for the parity rule.
    func report(in context: RunContext) {
        let runs = runs.withLock { $0 }
        let ran = runs.indices.filter { runs[$0] > 0 }
        let everyIndexOnce = runs.allSatisfy { $0 == 1 }
        for iteration in ran.prefix(3) { context.log("Iteration \(iteration)") }
        if ran.count > 4 { context.log("…") }
        if ran.count > 3, let last = ran.last { context.log("Iteration \(last)") }
        let total = runs.reduce(0, +)
        context.log(
            "\(grouped(total)) iterations, "
                + (everyIndexOnce ? "every index once, in no fixed order" : "not every index once"))
        context.record("iterations", total)
        context.record("everyIndexOnce", everyIndexOnce)
    }

    /// `1000` as `1,000`, whatever the locale.
    private func grouped(_ number: Int) -> String {
        let digits = Array(String(number))
        return digits.indices.map { index in
            (index > 0 && (digits.count - index) % 3 == 0 ? "," : "") + String(digits[index])
        }.joined()
    }
}

private func legacyIterations(_ context: RunContext) async {
    let tally = IterationTally()
    await withCheckedContinuation { done in
        Legacy.ParallelLoop.perform(iterations: iterationCount, body: { tally.ran($0) }) { done.resume() }
    }
    tally.report(in: context)
}

private func legacyChecksums(_ context: RunContext) async {
    let checksums = await withCheckedContinuation { done in
        Legacy.ParallelLoop.rowChecksums(pixels: imagePixels, width: imageWidth) { done.resume(returning: $0) }
    }
    record(checksums, in: context)
}

extension Recipe {
    static let concurrentPerform = Recipe(
        id: "concurrent-perform",
        title: "Parallel loop: dispatch_apply → concurrentPerform → task group",
        chapter: .groups,
        sources: [
            "*iOS Programming Cookbook*, §7.0 \"Introduction\" (its `dispatch_apply` example)",
            "The Read-And-Learn wiki page \"iOS并发编程\", its `dispatch_apply` loop over the rows of an image",
        ],
        file: "Groups/ParallelLoop.swift",
        apis: [
            APIMapping(
                "DispatchQueue.concurrentPerform (dispatch_apply)",
                "`withTaskGroup` / `withDiscardingTaskGroup` with one child per chunk, about one chunk per core"),
            APIMapping("DispatchQueue.global(qos:)", "a `@concurrent` async function"),
        ],
        prose: Articles.recipe("concurrent-perform"),
        replaces: [.concurrentPerform],
        scenarios: [
            Scenario(
                rules: [.exact, .invariant(["iterations", "everyIndexOnce"])],
                legacy: legacyIterations,
                modern: { context in
                    let tally = IterationTally()
                    await Modern.ParallelLoop.perform(iterations: iterationCount) { tally.ran($0) }
                    tally.report(in: context)
                }
            ),
            Scenario(
                "one child per iteration",
                rules: [.exact, .invariant(["iterations", "everyIndexOnce"])],
                legacy: legacyIterations,
                modern: { context in
                    let tally = IterationTally()
                    await Modern.ParallelLoop.performOneChildPerIteration(iterations: iterationCount) { tally.ran($0) }
                    tally.report(in: context)
                }
            ),
            Scenario(
                "checksums",
                rules: [.exact, .invariant(["digest", "equalToSequentialLoop"])],
                legacy: legacyChecksums,
                modern: { context in
                    record(await Modern.ParallelLoop.rowChecksums(pixels: imagePixels, width: imageWidth), in: context)
                }
            ),
            Scenario(
                "checksums, one child per row",
                rules: [.exact, .invariant(["digest", "equalToSequentialLoop"])],
                legacy: legacyChecksums,
                modern: { context in
                    let checksums = await Modern.ParallelLoop.rowChecksumsOneChildPerRow(
                        pixels: imagePixels, width: imageWidth)
                    record(checksums, in: context)
                }
            ),
        ]
    )
}
