import Foundation

/// The results as tables for a person at a terminal, then a few findings in plain words.
enum TerminalReport {
    static func render(_ results: BenchResults) -> String {
        var lines: [String] = []
        let machine = results.machine
        lines.append(
            "bench · \(machine.cores) cores · \(Format.bytes(Int(clamping: machine.memoryBytes))) · \(machine.os) · "
                + "\(machine.toolchain) · \(machine.configuration)\(machine.quick ? " · quick" : "") · "
                + "\(machine.date) · \(String(format: "%.1f", machine.seconds)) s")
        if machine.configuration == "debug" {
            lines.append("(a debug build: use swift run -c release bench for numbers that mean something)")
        }
        lines += [""] + primitives(results.primitives)
        lines += [""] + fanOut(results.fanOut)
        lines += [""] + speedup(results.speedup)
        lines += [""] + blocking(results.blocking)
        let found = findings(results)
        if !found.isEmpty {
            lines += ["", "Findings"] + found.map { "• " + $0 }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func primitives(_ rows: [BenchResults.Primitive]) -> [String] {
        var table: [[String]] = [["", "median", "min", ""]]
        for row in rows {
            table.append([row.title, "", "", ""])
            table.append([
                "  legacy  \(row.legacy.name)", Format.nanoseconds(row.legacy.medianNs),
                Format.nanoseconds(row.legacy.minNs), "",
            ])
            table.append([
                "  modern  \(row.modern.name)", Format.nanoseconds(row.modern.medianNs),
                Format.nanoseconds(row.modern.minNs),
                "modern ÷ legacy \(Format.ratio(row.modern.medianNs / row.legacy.medianNs))",
            ])
        }
        return ["Primitives: time per operation (median and min over the timed batches)"]
            + layout(table, rightAligned: [1, 2])
    }

    static func fanOut(_ fanOut: BenchResults.FanOut) -> [String] {
        let header = ["jobs"] + fanOut.series.map(\.id)
        var time: [[String]] = [header]
        var memory: [[String]] = [header]
        for n in fanOut.sizes {
            let points = fanOut.series.map { series in series.points.first { $0.n == n } }
            time.append([Format.count(n)] + points.map { $0.map { Format.nanoseconds($0.nsPerJob) } ?? "—" })
            memory.append([Format.count(n)] + points.map { $0.map { Format.bytes($0.peakRSSBytes) } ?? "—" })
        }
        let columns = Array(0...fanOut.series.count)
        var lines = ["Fan-out: many tiny jobs, each size in a child process of its own"]
        for series in fanOut.series {
            lines.append("  \(series.id): \(series.name) (\(series.side.rawValue))")
        }
        lines += ["", "Time per job"] + layout(time, rightAligned: columns)
        lines += ["", "Peak memory of the process"] + layout(memory, rightAligned: columns)
        for series in fanOut.series {
            if let stopped = series.stoppedAt { lines.append("  \(series.id) stopped at \(stopped)") }
        }
        return lines
    }

    static func speedup(_ speedup: BenchResults.Speedup) -> [String] {
        var table: [[String]] = [["workload", "version", "side", "time", "speedup"]]
        for workload in speedup.workloads {
            table.append([workload.name, "sequential loop", "", Format.seconds(workload.sequentialSeconds), "1.00×"])
            for variant in workload.variants {
                table.append([
                    "", variant.name, variant.side.rawValue, Format.seconds(variant.seconds),
                    Format.ratio(variant.speedup),
                ])
            }
        }
        return [
            "CPU-bound speedup over a sequential loop (fastest run; \(speedup.cores) cores, so at most "
                + "\(speedup.cores)×)"
        ] + layout(table, rightAligned: [3, 4])
    }

    static func blocking(_ blocking: BenchResults.Blocking) -> [String] {
        var table: [[String]] = [["jobs", "side", "time", "peak threads"]]
        for row in blocking.rows {
            table.append([row.name, row.side.rawValue, Format.seconds(row.seconds), String(row.peakThreads)])
        }
        return [
            "Blocking load: \(blocking.jobs) jobs of \(Format.seconds(blocking.blockSeconds)) each "
                + "(threads include the sampler's)"
        ] + layout(table, rightAligned: [2, 3])
    }

    /// A few sentences a reader can take away, computed from the figures.
    ///
    /// They state what the tables can't show at a glance (a ratio across rows, a bound) and repeat
    /// none of the tables' figures. Every legacy/modern ratio is modern ÷ legacy, time for time.
    static func findings(_ results: BenchResults) -> [String] {
        var found: [String] = []
        func ratio(_ id: String) -> (BenchResults.Primitive, String)? {
            results.primitives.first { $0.id == id }.map { ($0, Format.ratio($0.modern.medianNs / $0.legacy.medianNs)) }
        }
        if let (_, times) = ratio("sync-vs-actor") {
            found.append(
                "An actor call from outside takes \(times) the time of a queue.sync: both are cheap next to real work.")
        }
        if let (_, times) = ratio("lock-uncontended") {
            found.append("An uncontended Mutex takes \(times) the time of an NSLock.")
        }
        let perJob = results.fanOut.series.first { $0.id == "task-group-per-job" }
        let chunked = results.fanOut.series.first { $0.id == "task-group-chunked" }
        if let perJob, let largest = perJob.points.last, let chunked,
            let same = chunked.points.first(where: { $0.n == largest.n })
        {
            found.append(
                "At \(Format.count(largest.n)) jobs, one child task per job took "
                    + "\(Format.ratio(Double(largest.peakRSSBytes) / Double(same.peakRSSBytes))) the memory and "
                    + "\(Format.ratio(largest.nsPerJob / same.nsPerJob)) the time per job of one child per core.")
        }
        if let (_, times) = ratio("group-vs-task-group") {
            found.append(
                "A task-group child takes \(times) the time of a DispatchGroup job: give each child work that "
                    + "takes far longer than the child itself.")
        }
        if let (_, times) = ratio("after-vs-sleep") {
            found.append("Task.sleep overshoots a 1 ms delay by \(times) as much as asyncAfter (medians).")
        }
        for workload in results.speedup.workloads {
            let best = { (side: BenchResults.Side) in
                workload.variants.filter { $0.side == side }.map(\.speedup).max()
            }
            if let legacy = best(.legacy), let modern = best(.modern) {
                found.append(
                    "\(workload.name) on \(results.speedup.cores) cores: the best modern version reached "
                        + "\(Format.ratio(modern / legacy)) the speedup of the best legacy one.")
            }
        }
        let rows = Dictionary(uniqueKeysWithValues: results.blocking.rows.map { ($0.id, $0) })
        if let gcd = rows["gcd-sleep"], let blocked = rows["task-sleep-blocking"],
            let suspended = rows["task-sleep-suspending"]
        {
            let jobs = results.blocking.jobs
            let cores = results.machine.cores
            let serial = Double(jobs) * results.blocking.blockSeconds / Double(cores)
            found.append(
                "\(jobs) jobs that block: tasks that block their thread took \(Format.ratio(blocked.seconds / gcd.seconds)) "
                    + "the time of GCD blocks, near the bound of \(jobs) × \(Format.seconds(results.blocking.blockSeconds)) "
                    + "÷ \(cores) pool threads = \(Format.seconds(serial)); tasks that suspend instead took "
                    + "\(Format.ratio(suspended.seconds / gcd.seconds)). A blocked task holds one of only \(cores) "
                    + "pool threads; a suspended one frees it.")
        }
        return found
    }

    /// Columns padded to their widest cell, separated by two spaces.
    static func layout(_ table: [[String]], rightAligned: [Int]) -> [String] {
        let columns = table.map(\.count).max() ?? 0
        let widths = (0..<columns).map { column in
            table.map { column < $0.count ? $0[column].count : 0 }.max() ?? 0
        }
        return table.map { row in
            row.enumerated().map { column, cell in
                Format.pad(cell, widths[column], right: rightAligned.contains(column))
            }.joined(separator: "  ").replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
        }
    }
}
