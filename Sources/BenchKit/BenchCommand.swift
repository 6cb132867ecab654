import Foundation

/// `bench`: parses the command line, runs every section, prints and writes the results.
public enum BenchCommand {
    /// The package root, found from this file's path (`Sources/BenchKit/BenchCommand.swift`).
    public static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // BenchKit
        .deletingLastPathComponent()  // Sources
        .deletingLastPathComponent()

    /// Where `--write` puts the results unless `--output` says otherwise.
    public static var defaultOutput: URL {
        packageRoot.appendingPathComponent("Benchmarks/results.json")
    }

    /// Runs `bench` with the arguments after the program name and returns the exit status.
    public static func run(arguments: [String]) async -> Int32 {
        if arguments.first == FanOutBenchmark.childFlag {
            return await FanOutBenchmark.child(arguments: Array(arguments.dropFirst()))
        }
        if arguments.first == BlockingBenchmark.childFlag {
            return await BlockingBenchmark.child(arguments: Array(arguments.dropFirst()))
        }
        let options: BenchOptions
        do {
            options = try BenchOptions.parse(arguments)
        } catch {
            FileHandle.standardError.write(Data("bench: \(error.description)\n".utf8))
            return 64
        }
        if options.help {
            print(BenchOptions.usage)
            return 0
        }
        if !options.recipeRuns.isEmpty {
            return combineRecipeRuns(options)
        }
        let results = await measure(options.scale, quick: options.quick || options.tiny)
        if options.json {
            guard let data = try? results.jsonData() else { return 1 }
            FileHandle.standardOutput.write(data + Data("\n".utf8))
        } else {
            print(TerminalReport.render(results), terminator: "")
        }
        if options.write {
            if results.machine.configuration == "debug" {
                FileHandle.standardError.write(
                    Data("bench: warning: writing the timings of a debug build; use swift run -c release bench\n".utf8))
            }
            let url = options.output.map { URL(fileURLWithPath: $0) } ?? defaultOutput
            do {
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try (results.jsonData() + Data("\n".utf8)).write(to: url, options: .atomic)
                FileHandle.standardError.write(Data("bench: wrote \(url.path)\n".utf8))
            } catch {
                FileHandle.standardError.write(Data("bench: could not write \(url.path): \(error)\n".utf8))
                return 1
            }
        }
        return 0
    }

    /// Where `--recipe-ratios` puts the combined runs unless `--output` says otherwise.
    public static var defaultRecipeRatiosOutput: URL {
        packageRoot.appendingPathComponent("Benchmarks/recipe-ratios.json")
    }

    /// `--recipe-ratios`: reads the runs, combines them, writes the file and prints how many
    /// scenarios it holds and how many of them need a reason on their page.
    static func combineRecipeRuns(_ options: BenchOptions) -> Int32 {
        func fail(_ message: String, status: Int32) -> Int32 {
            FileHandle.standardError.write(Data("bench: \(message)\n".utf8))
            return status
        }
        var reports: [Data] = []
        for path in options.recipeRuns {
            guard let data = FileManager.default.contents(atPath: path) else {
                return fail("could not read \(path)", status: 66)
            }
            reports.append(data)
        }
        let ratios: RecipeRatios
        do {
            ratios = try RecipeRatios.combine(
                reports, machine: MachineInfo.current(quick: false, seconds: 0, date: Date()))
        } catch {
            return fail(error.description, status: 65)
        }
        let url = options.output.map { URL(fileURLWithPath: $0) } ?? defaultRecipeRatiosOutput
        do {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try (ratios.jsonData() + Data("\n".utf8)).write(to: url, options: .atomic)
        } catch {
            return fail("could not write \(url.path): \(error)", status: 1)
        }
        let slower = ratios.rows.filter(\.needsAReason).count
        print(
            "\(ratios.rows.count) timed scenarios; modern more than \(Format.ratio(RecipeRatios.slowerNeedsAReason)) "
                + "the legacy time in \(slower). Wrote \(url.path).")
        return 0
    }

    /// Runs every section at `scale`.
    public static func measure(_ scale: BenchScale, quick: Bool) async -> BenchResults {
        let started = Date()
        let start = Monotonic.now()
        let progress = ProgressReporter(
            total: PrimitiveBenchmarks.rows.count + FanOutSeries.allCases.count * scale.fanOutSizes.count + 2 + 3)
        let step: @Sendable (String) -> Void = { progress.step($0) }
        var primitives: [BenchResults.Primitive] = []
        for row in PrimitiveBenchmarks.rows {
            primitives.append(await row.run(scale))
            step("primitive: \(row.id)")
        }
        let fanOut = await FanOutBenchmark.run(scale, progress: step)
        let speedup = await SpeedupBenchmark.run(scale, progress: step)
        let blocking = await BlockingBenchmark.run(scale, progress: step)
        progress.finish()
        let seconds = Double(Monotonic.since(start)) / 1e9
        return BenchResults(
            machine: MachineInfo.current(quick: quick, seconds: seconds, date: started), primitives: primitives,
            fanOut: fanOut, speedup: speedup, blocking: blocking)
    }
}
