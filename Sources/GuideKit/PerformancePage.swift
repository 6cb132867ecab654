import BenchKit
import Foundation

/// `Guide/performance.md` and its charts: what `bench` measured, side by side, in tables and charts,
/// and every recipe's modern ÷ legacy time.
///
/// The numbers come from the committed `Benchmarks/results.json` and `Benchmarks/recipe-ratios.json`,
/// never from a run, so the page changes only when someone re-measures and commits the results.
/// Each figure appears once: the findings state ratios across rows and bounds, the tables the
/// times. Every legacy/modern ratio is modern ÷ legacy, and all numbers go through `Format`.
struct PerformancePage {
    let results: BenchResults
    /// What `bench` itself concludes from the numbers (`BenchFindings`), shown first.
    var takeaways: [String] = []
    /// The ids of the recipes that have pages, so rows link only to pages that exist.
    let pages: [String: String]
    /// Every recipe's modern ÷ legacy time from two `compare` runs (`Benchmarks/recipe-ratios.json`).
    var recipeRatios: RecipeRatios?

    /// The chart files, by path below `Guide/`.
    var charts: [String: String] {
        var files: [String: String] = [:]
        files["performance/primitives.svg"] = primitivesChart
        if !results.fanOut.series.isEmpty {
            files["performance/fan-out-time.svg"] = fanOutChart(memory: false)
            files["performance/fan-out-memory.svg"] = fanOutChart(memory: true)
        }
        if !results.speedup.workloads.isEmpty { files["performance/speedup.svg"] = speedupChart }
        if !results.blocking.rows.isEmpty { files["performance/blocking.svg"] = blockingChart }
        return files
    }

    var markdown: String {
        let machine = results.machine
        var page = [
            "# What each primitive costs: legacy vs modern",
            "",
            "[All recipes](README.md)",
            "",
            [
                "Measured by `swift run -c release bench` on \(machine.cores) cores and",
                "\(Format.bytes(Int(clamping: machine.memoryBytes))) of memory,",
                "\(machine.os), \(machine.toolchain), \(machine.configuration) build, \(machine.date)"
                    + (machine.quick ? " (a `--quick` run: small sizes, few batches)." : "."),
                "The whole run took \(Format.seconds(machine.seconds)).",
            ].joined(separator: " "),
            "",
            "These are one machine's numbers: read them as orders of magnitude and ratios, not as promises."
                + " To measure your machine: `swift run -c release bench` (add `--write` to update"
                + " `Benchmarks/results.json`, then `swift run guide` to redraw this page).",
            "",
        ]
        if machine.os.contains("Linux") {
            page += [
                [
                    "Every figure here comes from that one \(machine.cores)-core Linux machine; none was measured on an",
                    " Apple platform. What is known to differ there, from the sources named (not run here): GCD gets",
                    " its threads from the kernel's workqueue (xnu's `bsd/pthread/pthread_workqueue.c`), where Linux's",
                    " libdispatch adds a thread only when a once-a-second monitor finds the workers of a QoS bucket",
                    " blocked (libdispatch's `src/event/workqueue.c`, `_dispatch_workq_monitor_pools`), so a legacy",
                    " side whose jobs block widens at a different pace; Swift concurrency's cooperative pool is one",
                    " thread per core here, and on Darwin one per core for each QoS class in use (xnu's",
                    " `workq_cooperative_allowance`); and Darwin runs each thread at its QoS and lends a waiter's",
                    " higher QoS to the queue it waits on (libdispatch's `src/queue.c`,",
                    " `_dispatch_queue_wakeup_with_override`, built only with the Darwin workqueue's QoS support).",
                    " Here a task's priority is recorded and",
                    " raised by a waiter ([rule](rules.md#awaiting-a-task-raises-its-priority)) but threads are not",
                    " scheduled by it, so rows about priority show no boost. Thread counts are the whole process's,",
                    " sampler included.",
                ].joined(),
                "",
            ]
        }
        page += [
            "Every ratio on this page is modern ÷ legacy, time for time: below 1× the modern side is faster,"
                + " above 1× it is slower.",
            "",
            "## Findings",
            "",
        ]
        page += takeaways.map { "- \($0)" }
        page += [
            "", "## Primitives", "",
            "Time per operation: the median of repeated batches, the fastest batch in brackets.", "",
        ]
        page += [
            "![Primitives, legacy against modern: time per operation, lower is better](performance/primitives.svg)", "",
        ]
        page += ["| What | Legacy | Modern | Modern ÷ legacy | Shown in |", "|---|---|---|---|---|"]
        for primitive in results.primitives {
            let recipes = primitive.recipes.map { id in pages[id].map { "[`\(id)`](\($0))" } ?? "`\(id)`" }
            page.append(
                "| <a id=\"bench-\(primitive.id)\"></a>\(primitive.title) "
                    + "| `\(primitive.legacy.name)`: \(Format.nanoseconds(primitive.legacy.medianNs)) (\(Format.nanoseconds(primitive.legacy.minNs))) "
                    + "| `\(primitive.modern.name)`: \(Format.nanoseconds(primitive.modern.medianNs)) (\(Format.nanoseconds(primitive.modern.minNs))) "
                    + "| \(Format.ratio(primitive.ratio)) | \(recipes.joined(separator: ", ")) |")
        }
        page.append("")
        if !results.fanOut.series.isEmpty {
            page += [
                "## Fan-out: many tiny jobs", "",
                "Time per job and the process's peak memory, each size measured in a process of its own.", "",
                "![Time per job against the number of jobs, lower is better](performance/fan-out-time.svg)", "",
                "![Peak memory against the number of jobs, lower is better](performance/fan-out-memory.svg)", "",
            ]
            page.append(
                "| Jobs | " + results.fanOut.series.map { "\($0.name) (\($0.side.rawValue))" }.joined(separator: " | ")
                    + " |")
            page.append("|---:|" + String(repeating: "---|", count: results.fanOut.series.count))
            for size in results.fanOut.sizes {
                let cells = results.fanOut.series.map { series in
                    series.points.first { $0.n == size }.map {
                        "\(Format.nanoseconds($0.nsPerJob))/job, \(Format.bytes($0.peakRSSBytes))"
                    } ?? "—"
                }
                page.append("| \(Format.count(size)) | " + cells.joined(separator: " | ") + " |")
            }
            for series in results.fanOut.series {
                if let stopped = series.stoppedAt { page += ["", "\(series.name): stopped at \(stopped)."] }
            }
            page.append("")
        }
        if !results.speedup.workloads.isEmpty {
            page += [
                "## CPU-bound work: speedup over a plain loop", "",
                "How many times as fast as the sequential loop each parallel version ran (higher is better). "
                    + "The limit is the core count: \(results.speedup.cores) here.", "",
                "![Speedup over the sequential loop, higher is better](performance/speedup.svg)", "",
                "| Work | Sequential | Parallel | Time | Speedup |", "|---|---|---|---|---|",
            ]
            for workload in results.speedup.workloads {
                for (index, variant) in workload.variants.enumerated() {
                    page.append(
                        "| \(index == 0 ? workload.name : "") | \(index == 0 ? Format.seconds(workload.sequentialSeconds) : "") "
                            + "| \(variant.name) (\(variant.side.rawValue)) | \(Format.seconds(variant.seconds)) | \(Format.ratio(variant.speedup)) |"
                    )
                }
            }
            page.append("")
        }
        if !results.blocking.rows.isEmpty {
            let blocking = results.blocking
            page += [
                "## Jobs that block", "",
                [
                    "\(blocking.jobs) jobs that each block their thread (or suspend) for \(Format.seconds(blocking.blockSeconds)):",
                    " how long until all of them are done, and how many threads the process had at most. The",
                    " thread count is the whole process's: the main thread, the thread that samples the count and",
                    " the runtime's helpers as well as the workers. The cooperative pool itself has one thread",
                    " per core, \(results.machine.cores) here.",
                ].joined(),
                "",
                "![Time until all jobs are done, lower is better](performance/blocking.svg)", "",
                "| Jobs | Side | All done after | Peak threads (process) |", "|---|---|---|---|",
            ]
            for row in blocking.rows {
                page.append(
                    "| \(row.name) | \(row.side.rawValue) | \(Format.seconds(row.seconds)) | \(row.peakThreads) |")
            }
            page.append("")
        }
        if let recipeRatios { page += everyRecipe(recipeRatios) }
        page.append(
            "<!-- Generated by `swift run guide` from Benchmarks/results.json and Benchmarks/recipe-ratios.json. "
                + "Do not edit. -->")
        return page.joined(separator: "\n") + "\n"
    }

    /// The anchor of the all-recipes section, which recipe pages link to.
    static let everyRecipeAnchor = "every-recipe"

    /// "Every recipe": one row per timed scenario of two `compare` runs, slowest modern first.
    func everyRecipe(_ ratios: RecipeRatios) -> [String] {
        let long = ratios.rows.filter { $0.shortestSeconds >= 0.005 }
        let steady = long.filter { $0.spread <= 0.30 }.count
        let slower = ratios.rows.filter(\.needsAReason)
        var lines = [
            "## <a id=\"\(Self.everyRecipeAnchor)\"></a>Every recipe, modern ÷ legacy", "",
            "Each recipe's scenarios timed by `compare --all --runs \(ratios.runsPerSide) --pace \(ratios.pace) --json`"
                + " in a release build, twice, on this machine (\(ratios.machine.cores) cores, \(ratios.machine.date)):"
                + " the median wall time of each side per run of its scenario, and their ratio in each run"
                + " (`Scripts/measure-recipe-ratios.sh` repeats it). Slowest modern first; demonstrations, which"
                + " run in a child process, are not timed. \(ratios.rows.count) scenarios: modern is faster"
                + " (below 0.9×) in \(ratios.rows.filter { $0.ratio < 0.9 }.count), within 10 % in"
                + " \(ratios.rows.filter { $0.ratio >= 0.9 && $0.ratio <= 1.1 }.count), and slower in"
                + " \(ratios.rows.filter { $0.ratio > 1.1 }.count), more than"
                + " \(Format.ratio(RecipeRatios.slowerNeedsAReason)) in \(slower.count); each of those says why on its"
                + " page (**why** in the table).",
            "",
            "*Runs apart* is how far the two runs' ratios are from each other, as a share of their mean (±half"
                + " the gap). \(steady) of the \(long.count) scenarios whose sides both take 5 ms or more are within"
                + " ±15 %; under 5 ms a run is a few batches of short jobs and moves more (marked *short*).",
            "",
            "| Modern ÷ legacy | Recipe | Scenario | Legacy | Modern | Runs apart |",
            "|---:|---|---|---:|---:|---:|",
        ]
        for row in ratios.bySlowestModern {
            let link = pages[row.recipe].map { "[`\(row.recipe)`](\($0))" } ?? "`\(row.recipe)`"
            let why =
                row.needsAReason
                ? pages[row.recipe].map { " ([why](\($0)#what-it-costs))" } ?? "" : ""
            let apart = "±\(Int((row.spread * 50).rounded())) %" + (row.shortestSeconds < 0.005 ? " *short*" : "")
            lines.append(
                "| \(Format.ratio(row.ratio)) | \(link)\(why) | \(row.scenario) | \(Format.seconds(row.meanLegacySeconds)) "
                    + "| \(Format.seconds(row.meanModernSeconds)) | \(apart) |")
        }
        return lines + [""]
    }

    // MARK: Charts

    private var primitivesChart: String {
        SVGChart.bars(
            title: "Time per operation, legacy and modern (median; lower is better)",
            unit: "time per operation (logarithmic scale)",
            groups: results.primitives.map { primitive in
                SVGChart.BarGroup(
                    label: primitive.title,
                    bars: [
                        ("legacy", SVGChart.legacy, primitive.legacy.medianNs),
                        ("modern", SVGChart.modern, primitive.modern.medianNs),
                    ])
            },
            logarithmic: true, format: Format.nanoseconds)
    }

    /// One colour per side; a side's second series is dashed (and drawn with squares).
    private func fanOutChart(memory: Bool) -> String {
        var seen: Set<BenchResults.Side> = []
        let series = results.fanOut.series.map { series -> SVGChart.Series in
            let second = !seen.insert(series.side).inserted
            return SVGChart.Series(
                name: "\(series.name) (\(series.side.rawValue))",
                color: Self.color(series.side), dashed: second,
                points: series.points.map { (Double($0.n), memory ? Double($0.peakRSSBytes) : $0.nsPerJob) })
        }
        return SVGChart.logLog(
            title: memory
                ? "Peak memory of the process (logarithmic scales; lower is better)"
                : "Time per job (logarithmic scales; lower is better)",
            xLabel: "jobs", yLabel: memory ? "peak resident memory" : "time per job",
            series: series, xFormat: { Format.shortCount(Int($0)) },
            yFormat: memory ? { Format.bytes($0) } : Format.nanoseconds)
    }

    private var speedupChart: String {
        SVGChart.bars(
            title: "Speedup over the sequential loop (higher is better)",
            unit: "times as fast as the plain loop",
            groups: results.speedup.workloads.flatMap { workload in
                workload.variants.map { variant in
                    SVGChart.BarGroup(
                        label: "\(workload.name): \(variant.name)",
                        bars: [(variant.side.rawValue, Self.color(variant.side), variant.speedup)])
                }
            },
            logarithmic: false, format: { Format.ratio($0) },
            reference: (Double(results.speedup.cores), "\(results.speedup.cores) cores"))
    }

    private var blockingChart: String {
        SVGChart.bars(
            title: "\(results.blocking.jobs) jobs that block or suspend: time until all are done (lower is better)",
            unit: "seconds (logarithmic scale)",
            groups: results.blocking.rows.map { row in
                SVGChart.BarGroup(
                    label: "\(row.name), \(row.peakThreads) threads at most",
                    bars: [(row.side.rawValue, Self.color(row.side), row.seconds)])
            },
            logarithmic: true, format: Format.seconds)
    }

    private static func color(_ side: BenchResults.Side) -> String {
        side == .legacy ? SVGChart.legacy : SVGChart.modern
    }
}

extension BenchResults.Primitive {
    /// Modern median ÷ legacy median.
    var ratio: Double { modern.medianNs / legacy.medianNs }
}
