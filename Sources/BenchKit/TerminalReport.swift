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
                "modern/legacy \(Format.ratio(row.modern.medianNs / row.legacy.medianNs))",
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
    static func findings(_ results: BenchResults) -> [String] {
        var found: [String] = []
        if let sync = results.primitives.first(where: { $0.id == "sync-vs-actor" }) {
            found.append(
                "An actor call from outside costs \(Format.ratio(sync.modern.medianNs / sync.legacy.medianNs)) "
                    + "a queue.sync (\(Format.nanoseconds(sync.modern.medianNs)) against "
                    + "\(Format.nanoseconds(sync.legacy.medianNs))): both are cheap next to real work.")
        }
        if let lock = results.primitives.first(where: { $0.id == "lock-uncontended" }) {
            found.append(
                "An uncontended Mutex takes \(Format.nanoseconds(lock.modern.medianNs)), an NSLock "
                    + "\(Format.nanoseconds(lock.legacy.medianNs)).")
        }
        let perJob = results.fanOut.series.first { $0.id == "task-group-per-job" }
        let chunked = results.fanOut.series.first { $0.id == "task-group-chunked" }
        if let perJob, let largest = perJob.points.last, let chunked,
            let same = chunked.points.first(where: { $0.n == largest.n })
        {
            found.append(
                "At \(Format.count(largest.n)) jobs, one child task per job peaked at "
                    + "\(Format.bytes(largest.peakRSSBytes)) and took \(Format.nanoseconds(largest.nsPerJob)) a job; "
                    + "one child per core stayed at \(Format.bytes(same.peakRSSBytes)) and "
                    + "\(Format.nanoseconds(same.nsPerJob)) a job.")
        }
        if let group = results.primitives.first(where: { $0.id == "group-vs-task-group" }) {
            found.append(
                "A task-group child costs \(Format.ratio(group.modern.medianNs / group.legacy.medianNs)) a "
                    + "DispatchGroup job (\(Format.nanoseconds(group.modern.medianNs)) against "
                    + "\(Format.nanoseconds(group.legacy.medianNs))): give a child more work than that.")
        }
        if let delay = results.primitives.first(where: { $0.id == "after-vs-sleep" }) {
            found.append(
                "A 1 ms delay ran late by \(Format.nanoseconds(delay.legacy.medianNs)) with asyncAfter and by "
                    + "\(Format.nanoseconds(delay.modern.medianNs)) with Task.sleep (medians).")
        }
        for workload in results.speedup.workloads {
            if let best = workload.variants.max(by: { $0.speedup < $1.speedup }) {
                found.append(
                    "\(workload.name): the best parallel version (\(best.name)) ran \(Format.ratio(best.speedup)) "
                        + "as fast as the loop, on \(results.speedup.cores) cores.")
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
                "\(jobs) jobs that block for \(Format.seconds(results.blocking.blockSeconds)): GCD took "
                    + "\(Format.seconds(gcd.seconds)) with at most \(gcd.peakThreads) threads, tasks took "
                    + "\(Format.seconds(blocked.seconds)) with at most \(blocked.peakThreads) (\(jobs) × "
                    + "\(Format.seconds(results.blocking.blockSeconds)) ÷ \(cores) cores = \(Format.seconds(serial))); "
                    + "tasks that suspend instead took \(Format.seconds(suspended.seconds)) with at most "
                    + "\(suspended.peakThreads). A blocked task holds one of only \(cores) pool threads; a "
                    + "suspended one frees it.")
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
