import Foundation

/// What the command line asked `bench` to do.
///
/// `--tiny` is hidden: it shrinks every part so the tests can run the whole bench, child processes
/// included, in seconds. Its numbers mean nothing.
public struct BenchOptions: Equatable, Sendable {
    public var json = false
    public var quick = false
    public var tiny = false
    public var write = false
    /// Where `--write` puts the results; nil means `Benchmarks/results.json` in the package.
    public var output: String?
    public var help = false
    /// `--recipe-ratios RUN1 RUN2`: two `compare --all --json` reports to combine instead of measuring.
    public var recipeRuns: [String] = []

    public init() {}

    /// The scale these options ask for.
    public var scale: BenchScale {
        tiny ? .tiny : quick ? .quick : .full
    }

    /// Parses the arguments after the program name.
    public static func parse(_ arguments: [String]) throws(BenchUsageError) -> BenchOptions {
        var options = BenchOptions()
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--json": options.json = true
            case "--quick": options.quick = true
            case "--tiny": options.tiny = true
            case "--write": options.write = true
            case "--help", "-h": options.help = true
            case "--recipe-ratios":
                let runs = remaining.prefix { !$0.hasPrefix("--") }
                guard runs.count >= 2 else {
                    throw BenchUsageError(description: "--recipe-ratios needs two `compare --all --json` files")
                }
                options.recipeRuns = Array(runs)
                remaining = remaining.dropFirst(runs.count)
            case "--output":
                guard let path = remaining.popFirst(), !path.hasPrefix("--") else {
                    throw BenchUsageError(description: "--output needs a file path")
                }
                options.output = path
                options.write = true
            default:
                if argument.hasPrefix("--output=") {
                    let path = String(argument.dropFirst("--output=".count))
                    guard !path.isEmpty else { throw BenchUsageError(description: "--output needs a file path") }
                    options.output = path
                    options.write = true
                } else {
                    throw BenchUsageError(description: "unknown argument '\(argument)' (see bench --help)")
                }
            }
        }
        return options
    }

    /// `bench --help`.
    public static let usage = """
        USAGE: bench [--quick] [--json] [--write] [--output FILE]
               bench --recipe-ratios RUN1 RUN2 [--output FILE]

        Measures what each legacy concurrency primitive and its Swift concurrency counterpart cost,
        side by side, on this machine: primitives (ns per operation), fan-out of many tiny jobs (time
        per job and peak memory, each size in a child process), CPU-bound speedup (the blur and the
        min/max recipes) and jobs that block or suspend (time and peak thread count).
        Build with -c release: swift run -c release bench

        OPTIONS:
          --quick          A shorter pass (under 30 s): smaller sizes, fewer batches.
          --json           Print the results as JSON on standard output (the results file's schema).
          --write          Write the results to Benchmarks/results.json in the package.
          --output FILE    Write the results to FILE instead (implies --write).
          --recipe-ratios RUN1 RUN2
                           Measure nothing: combine two `compare --all --json` reports (release
                           builds, same --pace and --runs) into every recipe's modern ÷ legacy
                           ratio and the spread between the runs, written to
                           Benchmarks/recipe-ratios.json (or --output FILE).
                           Scripts/measure-recipe-ratios.sh makes the two runs and calls this.
                           The other options don't apply.
          -h, --help       Show this help.

        Progress goes to standard error. Exit status: 0 done, 64 usage error, 65 the runs can't be
        combined (not compare reports, or different --pace or --runs), 66 a run can't be read, 1 the
        results could not be written.
        """
}
