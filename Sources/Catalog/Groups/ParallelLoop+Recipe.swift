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
        problem:
            "Run the iterations of a loop in parallel, for example one per row of an image, and carry on when all of them are done.",
        changes: [
            "Measured on 2026-11-26 with `swift run -c release compare concurrent-perform --runs 15` (Linux, 2 cores, Swift 6.3.1, release build; other work on the machine kept the load average between 1.3 and 1.6), three runs. Each figure is the median wall time of one run of a side, as the lowest and the highest of the three runs; each ratio is the modern median over the legacy median of the same run, as `compare` prints it. 1,000 trivial iterations (each adds one to its own count under a lock): `concurrentPerform` 50–99 µs (timed beside each modern version), one child per chunk 49–60 µs (0.61× to 0.78×), one child per iteration 1.02–1.89 ms (20.2× to 21.0×): the children cost more than the work. The 256 row checksums: `concurrentPerform` 0.77–1.38 ms, one child per chunk of rows 0.80–1.38 ms (0.98× to 1.02×), one child per row 1.17–1.95 ms (1.42× to 1.51×).",
            "`dispatch_apply(count, queue, block)` is `DispatchQueue.concurrentPerform(iterations:execute:)` in Swift, which takes no queue: it runs the iterations on the global pool, at the caller's quality of service.",
            "`concurrentPerform` blocks its caller until the last iteration returns, so the legacy code wraps it in `DispatchQueue.global().async` and reports through a completion. The modern functions are `@concurrent async`: the caller suspends instead of blocking, and the work leaves the caller's actor.",
            "The legacy iterations write into disjoint slots of a buffer allocated up front. The modern children *return* their rows' checksums, and the parent puts them in place, so there is no shared mutable memory at all.",
            "GCD splits the iterations among its worker threads for you. A task group does not: the chunked versions cut the range into one contiguous chunk per core (`activeProcessorCount`, read once) and start one child per chunk. The naive versions (one child per iteration, one per row) are in the Modern file too, and have their own scenarios, so `compare` can show what they cost.",
            "The per-row work is a real one: a 5×5 Gaussian blur of every pixel, summed into a checksum weighted by column (a few microseconds per row in a release build). With an empty body, any parallel version loses to a plain loop.",
        ],
        pitfalls: [
            "A child task costs microseconds to create, schedule and collect (`bench`: a median of 2.5 µs for `group.addTask` in a discarding task group, [what each primitive costs](../performance.md#bench-group-vs-task-group)), a trivial iteration nanoseconds: one child per iteration took 20.2× to 21.0× as long as `concurrentPerform` (measured under \"What changed and why\"). Chunk by core count.",
            "`concurrentPerform` called from async code blocks a cooperative thread for the whole loop (the pool has only as many threads as cores), and the compiler does not flag it.",
            "Writing into a captured `var` array from the iterations is a Swift 6 error, and rightly so: every subscript write is an exclusive access to the whole array (and may copy its storage), so writes to different indices from several threads are still a data race.",
            "Measure in a release build. Debug builds make the per-element work, not the scheduling, dominate.",
        ],
        platformNotes: [
            "**Linux**: `ProcessInfo.processInfo.activeProcessorCount` opens and reads cgroup files on every call (about 20 µs, more on a busy machine), which made the chunked version measurably slower than `concurrentPerform` until the count was read once and kept in a `static let`. Read it once and keep it."
        ],
        annotations: [
            "The buffer pointer is bound with `nonisolated(unsafe) let slots = buffer` because the `concurrentPerform` closure is `@Sendable` and a buffer pointer is not `Sendable`. It is sound because iteration `y` writes only slot `y`, and the buffer is read only after `concurrentPerform` has returned.",
            "The loop body and the completions are `@escaping @Sendable`: they run on GCD's threads.",
        ],
        errata: [
            "The Read-And-Learn wiki page \"iOS并发编程\", its `dispatch_apply` loop: the parallel inner loop steps `x += 2` while the sequential loop steps by 1, so the two do different work and the parallel one skips every other pixel. Both step by 1 here."
        ],
        appTargetNote: "In an app target with default `MainActor` isolation, `ParallelLoop.coreCount`, `chunkRanges` and `rowChecksum` would be main-actor-isolated, so the `@concurrent` loops could use them neither as a default argument nor from a child task; `nonisolated` keeps the whole loop off the main actor.",
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
