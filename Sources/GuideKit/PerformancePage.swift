import BenchKit
import Foundation

/// `Guide/performance.md` and its charts: what `bench` measured, side by side, in tables, charts
/// and plain words.
///
/// The numbers come from the committed `Benchmarks/results.json`, never from a run, so the page
/// changes only when someone re-measures and commits the results.
struct PerformancePage {
    let results: BenchResults
    /// What `bench` itself concludes from the numbers (`BenchFindings`), shown first.
    var takeaways: [String] = []
    /// The ids of the recipes that have pages, so rows link only to pages that exist.
    let pages: [String: String]

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
            "Measured by `swift run -c release bench` on \(machine.cores) cores and "
                + String(format: "%.1f GiB", Double(machine.memoryBytes) / 1_073_741_824) + " of memory, \(machine.os), "
                + "\(machine.toolchain), "
                + "\(machine.configuration) build, \(machine.date)"
                + (machine.quick ? " (a `--quick` run: small sizes, few batches)" : "")
                + ". The whole run took \(Self.seconds(machine.seconds)).",
            "",
            "These are one machine's numbers: read them as orders of magnitude and ratios, not as promises."
                + " To measure your machine: `swift run -c release bench` (add `--write` to update"
                + " `Benchmarks/results.json`, then `swift run guide` to redraw this page).",
            "",
        ]
        if machine.os.contains("Linux") {
            page += [
                "Every figure here comes from that one \(machine.cores)-core Linux machine; none was measured on an"
                    + " Apple platform. What is known to differ there: GCD gets its threads from the kernel's"
                    + " workqueue, which adds a thread when a worker blocks, while Linux's libdispatch emulates that"
                    + " with a thread that checks for blocked workers now and then, so a legacy side whose jobs block"
                    + " widens at a different pace (Swift concurrency's cooperative pool stays at one thread per core"
                    + " on both); and Darwin raises the priority of the queue, lock owner or actor that a"
                    + " higher-priority waiter waits on (QoS overrides, task priority escalation), which Linux does"
                    + " not, so rows about priority show no boost here. Thread counts are the whole process's,"
                    + " sampler included.",
                "",
            ]
        }
        page += [
            "## Findings",
            "",
        ]
        page += takeaways.map { "- \($0)" }
        if !takeaways.isEmpty { page += ["", "Every primitive, in words:", ""] }
        page += findings.map { "- \($0)" }
        page += [
            "", "## Primitives", "",
            "Nanoseconds per operation: the median of repeated batches, the fastest batch in brackets.", "",
        ]
        page += ["![Primitives, legacy against modern](performance/primitives.svg)", ""]
        page += ["| What | Legacy | Modern | Modern ÷ legacy | Shown in |", "|---|---|---|---|---|"]
        for primitive in results.primitives {
            let recipes = primitive.recipes.map { id in pages[id].map { "[`\(id)`](\($0))" } ?? "`\(id)`" }
            page.append(
                "| <a id=\"bench-\(primitive.id)\"></a>\(primitive.title) "
                    + "| `\(primitive.legacy.name)`: \(Self.nanoseconds(primitive.legacy.medianNs)) (\(Self.nanoseconds(primitive.legacy.minNs))) "
                    + "| `\(primitive.modern.name)`: \(Self.nanoseconds(primitive.modern.medianNs)) (\(Self.nanoseconds(primitive.modern.minNs))) "
                    + "| \(Self.ratio(primitive.ratio)) | \(recipes.joined(separator: ", ")) |")
        }
        page.append("")
        if !results.fanOut.series.isEmpty {
            page += [
                "## Fan-out: many tiny jobs", "",
                "Time per job and the process's peak memory, each size measured in a process of its own.", "",
                "![Time per job against the number of jobs](performance/fan-out-time.svg)", "",
                "![Peak memory against the number of jobs](performance/fan-out-memory.svg)", "",
            ]
            page.append(
                "| Jobs | " + results.fanOut.series.map { "\($0.name) (\($0.side.rawValue))" }.joined(separator: " | ") + " |")
            page.append("|---:|" + String(repeating: "---|", count: results.fanOut.series.count))
            for size in results.fanOut.sizes {
                let cells = results.fanOut.series.map { series in
                    series.points.first { $0.n == size }.map {
                        "\(Self.nanoseconds($0.nsPerJob))/job, \(Self.bytes(Double($0.peakRSSBytes)))"
                    } ?? "—"
                }
                page.append("| \(Self.count(size)) | " + cells.joined(separator: " | ") + " |")
            }
            for series in results.fanOut.series {
                if let stopped = series.stoppedAt { page += ["", "\(series.name): stopped at \(stopped)."] }
            }
            page.append("")
        }
        if !results.speedup.workloads.isEmpty {
            page += [
                "## CPU-bound work: speedup over a plain loop", "",
                "The limit is the core count: \(results.speedup.cores) here.", "",
                "![Speedup over the sequential loop](performance/speedup.svg)", "",
                "| Work | Sequential | Parallel | Time | Speedup |", "|---|---|---|---|---|",
            ]
            for workload in results.speedup.workloads {
                for (index, variant) in workload.variants.enumerated() {
                    page.append(
                        "| \(index == 0 ? workload.name : "") | \(index == 0 ? Self.seconds(workload.sequentialSeconds) : "") "
                            + "| \(variant.name) (\(variant.side.rawValue)) | \(Self.seconds(variant.seconds)) | \(Self.ratio(variant.speedup)) |"
                    )
                }
            }
            page.append("")
        }
        if !results.blocking.rows.isEmpty {
            let blocking = results.blocking
            page += [
                "## Jobs that block", "",
                "\(blocking.jobs) jobs that each block their thread (or suspend) for \(Self.seconds(blocking.blockSeconds)):"
                    + " how long all of them take, and how many threads the process had at most.", "",
                "![Completion time and threads of jobs that block](performance/blocking.svg)", "",
                "| Jobs | Side | All done after | Peak threads |", "|---|---|---|---|",
            ]
            for row in blocking.rows {
                page.append("| \(row.name) | \(row.side.rawValue) | \(Self.seconds(row.seconds)) | \(row.peakThreads) |")
            }
            page.append("")
        }
        page.append("<!-- Generated by `swift run guide` from Benchmarks/results.json. Do not edit. -->")
        return page.joined(separator: "\n") + "\n"
    }

    /// One sentence per measurement worth knowing, computed from the numbers.
    var findings: [String] {
        var lines: [String] = []
        for primitive in results.primitives {
            let ratio = primitive.ratio
            let comparison =
                ratio >= 1.15
                ? "costs about \(Self.ratio(ratio)) as much as"
                : ratio <= 1 / 1.15 ? "is about \(Self.ratio(1 / ratio)) faster than" : "costs about the same as"
            lines.append(
                "\(primitive.title): `\(primitive.modern.name)` \(comparison) `\(primitive.legacy.name)` "
                    + "(\(Self.nanoseconds(primitive.modern.medianNs)) against \(Self.nanoseconds(primitive.legacy.medianNs)))."
            )
        }
        if let largest = results.fanOut.sizes.last {
            let atLargest = results.fanOut.series.compactMap { series in
                series.points.last.map { (series, $0) }
            }
            let parts = atLargest.map { series, point in
                "\(series.name) \(Self.nanoseconds(point.nsPerJob))/job and \(Self.bytes(Double(point.peakRSSBytes)))"
                    + (point.n == largest ? "" : " (at \(Self.count(point.n)))")
            }
            if !parts.isEmpty {
                lines.append("Fanning out \(Self.count(largest)) tiny jobs: " + parts.joined(separator: "; ") + ".")
            }
        }
        for workload in results.speedup.workloads {
            let parts = workload.variants.map { "\($0.name) \(Self.ratio($0.speedup))" }
            lines.append(
                "\(workload.name) on \(results.speedup.cores) cores: " + parts.joined(separator: ", ")
                    + " faster than the plain loop (the limit is \(results.speedup.cores)×).")
        }
        if !results.blocking.rows.isEmpty {
            let parts = results.blocking.rows.map {
                "\($0.name): \(Self.seconds($0.seconds)), \($0.peakThreads) threads at most"
            }
            lines.append(parts.joined(separator: "; ") + ".")
        }
        return lines
    }

    // MARK: Charts

    private var primitivesChart: String {
        SVGChart.bars(
            title: "Nanoseconds per operation (median; logarithmic scale)", unit: "nanoseconds per operation",
            groups: results.primitives.map { primitive in
                SVGChart.BarGroup(
                    label: Self.shorten(primitive.title, to: 44),
                    bars: [
                        ("legacy", SVGChart.legacy, primitive.legacy.medianNs),
                        ("modern", SVGChart.modern, primitive.modern.medianNs),
                    ])
            },
            logarithmic: true, format: Self.nanoseconds)
    }

    private func fanOutChart(memory: Bool) -> String {
        var legacyShade = 0
        var modernShade = 0
        let series = results.fanOut.series.map { series -> SVGChart.Series in
            let isLegacy = series.side == .legacy
            let shade = isLegacy ? legacyShade : modernShade
            if isLegacy { legacyShade += 1 } else { modernShade += 1 }
            let colors = isLegacy ? [SVGChart.legacy, SVGChart.legacyLight] : [SVGChart.modern, SVGChart.modernLight]
            return SVGChart.Series(
                name: "\(series.name) (\(series.side.rawValue))", color: colors[shade % 2], dashed: shade >= 2,
                points: series.points.map { (Double($0.n), memory ? Double($0.peakRSSBytes) : $0.nsPerJob) })
        }
        return SVGChart.logLog(
            title: memory ? "Peak memory (logarithmic scales)" : "Time per job (logarithmic scales)",
            xLabel: "jobs", yLabel: memory ? "peak resident memory" : "time per job",
            series: series, xFormat: { Self.count(Int($0)) },
            yFormat: memory ? Self.bytes : Self.nanoseconds)
    }

    private var speedupChart: String {
        SVGChart.bars(
            title: "Speedup over the sequential loop", unit: "times faster than the plain loop",
            groups: results.speedup.workloads.flatMap { workload in
                workload.variants.map { variant in
                    SVGChart.BarGroup(
                        label: Self.shorten("\(workload.name): \(variant.name)", to: 44),
                        bars: [
                            (
                                variant.side.rawValue, variant.side == .legacy ? SVGChart.legacy : SVGChart.modern,
                                variant.speedup
                            )
                        ])
                }
            },
            logarithmic: false, format: { Self.ratio($0) },
            reference: (Double(results.speedup.cores), "\(results.speedup.cores) cores"))
    }

    private var blockingChart: String {
        SVGChart.bars(
            title: "\(results.blocking.jobs) jobs that block: peak threads", unit: "threads at most",
            groups: results.blocking.rows.map { row in
                SVGChart.BarGroup(
                    label: Self.shorten(row.name, to: 44),
                    bars: [
                        (row.side.rawValue, row.side == .legacy ? SVGChart.legacy : SVGChart.modern, Double(row.peakThreads))
                    ])
            },
            logarithmic: false, format: { String(Int($0.rounded())) })
    }

    // MARK: Units

    static func nanoseconds(_ value: Double) -> String {
        switch value {
        case ..<10: String(format: "%.1f ns", value)
        case ..<1_000: String(format: "%.0f ns", value)
        case ..<10_000: String(format: "%.1f µs", value / 1_000)
        case ..<1_000_000: String(format: "%.0f µs", value / 1_000)
        case ..<10_000_000: String(format: "%.1f ms", value / 1_000_000)
        case ..<1_000_000_000: String(format: "%.0f ms", value / 1_000_000)
        default: String(format: "%.2f s", value / 1_000_000_000)
        }
    }

    static func seconds(_ value: Double) -> String { nanoseconds(value * 1_000_000_000) }

    /// Decimal units (1 MB = 10⁶ bytes), so a chart's powers of ten read 1 MB, 10 MB, 100 MB.
    static func bytes(_ value: Double) -> String {
        switch value {
        case ..<1e6: return String(format: "%.0f KB", value / 1e3)
        case ..<1e9: return String(format: "%.0f MB", value / 1e6)
        default:
            let gigabytes = value / 1e9
            let whole = (gigabytes * 10).rounded() == gigabytes.rounded() * 10
            return String(format: gigabytes < 10 && !whole ? "%.1f GB" : "%.0f GB", gigabytes)
        }
    }

    static func ratio(_ value: Double) -> String { String(format: value < 10 ? "%.2f×" : "%.0f×", value) }

    static func count(_ value: Int) -> String {
        switch value {
        case 1_000_000...: "\(value / 1_000_000)M"
        case 1_000...: "\(value / 1_000)k"
        default: "\(value)"
        }
    }

    static func shorten(_ text: String, to length: Int) -> String {
        text.count <= length ? text : String(text.prefix(length - 1)) + "…"
    }
}

extension BenchResults.Primitive {
    /// Modern median ÷ legacy median.
    var ratio: Double { modern.medianNs / legacy.medianNs }
}
