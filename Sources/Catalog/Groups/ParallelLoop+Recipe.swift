import Legacy
import Modern
import RecipeKit

/// The seeded synthetic image both sides checksum: 256 rows of 256 grayscale pixels.
private let imageWidth = 256
private let imagePixels = SplitMix64.numbers(count: imageWidth * imageWidth, upTo: 255).map { UInt8($0) }
/// What the sequential loop computes, computed once so that no timed run pays for it.
private let sequentialChecksums = Legacy.ParallelLoop.sequentialRowChecksums(pixels: imagePixels, width: imageWidth)

/// Records the checksums as a short, order-sensitive digest, and whether they match the loop.
private func record(
    _ checksums: [UInt64], matching sequential: [UInt64] = sequentialChecksums, in context: RunContext
) {
    let digest = checksums.reduce(UInt64(14_695_981_039_346_656_037)) { ($0 ^ $1) &* 1_099_511_628_211 }
    let hex = "0x" + String(digest, radix: 16)
    let matches = checksums == sequential
    let what = sequential == sequentialChecksums ? "row checksums" : "results"
    context.log("\(checksums.count) \(what), digest \(hex)")
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

/// How many iterations the uneven loops run: the first half take ten times as long as the rest.
private let unevenCount = 64

/// One uneven iteration: a deterministic xorshift walk, ten times as long in the first half.
private func unevenWork(_ iteration: Int) -> UInt64 {
    var x = UInt64(iteration) &+ 0x9E37_79B9_7F4A_7C15
    for _ in 0..<(iteration < unevenCount / 2 ? 100_000 : 10_000) {
        x ^= x << 13
        x ^= x >> 7
        x ^= x << 17
    }
    return x
}

/// What the sequential loop computes, computed once, when the uneven scenario first runs.
private let unevenSequential = (0..<unevenCount).map(unevenWork)

/// The uneven loop's results, one slot per iteration; safe to write from many threads.
private final class UnevenResults: Sendable {
    private let slots = Locked([UInt64](repeating: 0, count: unevenCount))

    func run(_ iteration: Int) {
        let result = unevenWork(iteration)
        slots.withLock { $0[iteration] = result }
    }

    func report(in context: RunContext) {
        record(slots.withLock { $0 }, matching: unevenSequential, in: context)
    }
}

private func legacyUneven(_ context: RunContext) async {
    let results = UnevenResults()
    await withCheckedContinuation { done in
        Legacy.ParallelLoop.perform(iterations: unevenCount, body: results.run) { done.resume() }
    }
    results.report(in: context)
}

private func legacyIterations(_ context: RunContext) async {
    let tally = IterationTally()
    await withCheckedContinuation { done in
        Legacy.ParallelLoop.perform(iterations: iterationCount, body: { tally.ran($0) }) { done.resume() }
    }
    tally.report(in: context)
}

private func legacyIterationsOneBlockEach(_ context: RunContext) async {
    let tally = IterationTally()
    await withCheckedContinuation { done in
        Legacy.ParallelLoop.performOneBlockPerIteration(iterations: iterationCount, body: { tally.ran($0) }) {
            done.resume()
        }
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
                "`withTaskGroup(of:)` with one child per chunk, eight chunks per core"),
            APIMapping(
                "dispatch_apply handing out one index at a time from a shared counter",
                "one child per core taking indices from an `Atomic<Int>`"),
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
                legacy: legacyIterationsOneBlockEach,
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
                legacy: { context in
                    let checksums = await withCheckedContinuation { done in
                        Legacy.ParallelLoop.rowChecksumsOneBlockPerRow(pixels: imagePixels, width: imageWidth) {
                            done.resume(returning: $0)
                        }
                    }
                    record(checksums, in: context)
                },
                modern: { context in
                    let checksums = await Modern.ParallelLoop.rowChecksumsOneChildPerRow(
                        pixels: imagePixels, width: imageWidth)
                    record(checksums, in: context)
                }
            ),
            Scenario(
                "uneven iterations",
                rules: [.exact, .invariant(["digest", "equalToSequentialLoop"])],
                legacy: legacyUneven,
                modern: { context in
                    let results = UnevenResults()
                    await Modern.ParallelLoop.perform(iterations: unevenCount, body: results.run)
                    results.report(in: context)
                }
            ),
            Scenario(
                "uneven iterations, taking indices",
                rules: [.exact, .invariant(["digest", "equalToSequentialLoop"])],
                legacy: legacyUneven,
                modern: { context in
                    let results = UnevenResults()
                    await Modern.ParallelLoop.performTakingIndices(iterations: unevenCount, body: results.run)
                    results.report(in: context)
                }
            ),
        ]
    )
}
