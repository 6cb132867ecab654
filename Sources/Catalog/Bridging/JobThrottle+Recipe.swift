import Legacy
import Modern
import RecipeKit

extension Recipe {
    static let jobThrottle = Recipe(
        id: "semaphore-throttle",
        title: "Limit concurrency: semaphore → sliding-window task group",
        chapter: .bridging,
        sources: [
            "Seen in real code: the throttle most GCD code bases grow (none of the texts cited in this guide shows a `DispatchSemaphore`)"
        ],
        file: "Bridging/JobThrottle.swift",
        apis: [
            APIMapping(
                "DispatchSemaphore(value: k) with wait()/signal() around each job",
                "a sliding-window task group: past the first k jobs, `await group.next()` before each `addTask`"
            ),
            APIMapping("DispatchQueue.global().async(group:) for every job at once", "`group.addTask`, one per free slot"),
            APIMapping("DispatchGroup.notify", "the code after `withTaskGroup`"),
        ],
        prose: Articles.recipe("semaphore-throttle"),
        replaces: [.semaphore, .semaphoreSignal, .groupAsync, .groupNotify],
        scenarios: [
            Scenario(
                "20 jobs, 3 at a time",
                rules: [.invariant(["maxInFlight ≤ 3", "jobs done"])],
                legacy: { context in
                    let work = context.pace(.milliseconds(100))
                    let maxInFlight = await withCheckedContinuation { done in
                        Legacy.JobThrottle.runJobs(work: work, log: context.log) { done.resume(returning: $0) }
                    }
                    recordThrottle(context, maxInFlight: maxInFlight)
                },
                modern: { context in
                    let work = context.pace(.milliseconds(100))
                    let maxInFlight = await Modern.JobThrottle.runJobs(work: work, log: context.log)
                    recordThrottle(context, maxInFlight: maxInFlight)
                }
            )
        ]
    )
}

/// What the scenario compares: the bound and the count. The peak itself depends on the machine
/// (and on Linux the legacy side rarely gets a third thread), so it is recorded only off the test
/// pace, for `compare` to print; the guide shows the values of a test-pace run.
private func recordThrottle(_ context: RunContext, maxInFlight: Int) {
    context.record("maxInFlight ≤ 3", maxInFlight <= 3)
    context.record("jobs done", context.recorder.lines.filter { $0.hasSuffix(" done") }.count)
    if context.pace != .test { context.record("peak in flight", maxInFlight) }
}
