import RecipeKit

/// What `compare` was asked to do, parsed from its arguments.
struct Options: Equatable {
    enum Mode: Equatable {
        case help
        case list
        case all
        case recipes([String])
    }

    var mode: Mode = .help
    var runs = 5
    var batching = Batching()
    var pace = Pace.quick
    var showCode = false
    var json = false
    var full = false

    /// A usage error: printed with a hint, exit status 64.
    struct UsageError: Error, Equatable {
        let message: String
    }

    init(arguments: [String]) throws(UsageError) {
        var ids: [String] = []
        var list = false
        var all = false
        var help = false
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "-h", "--help": help = true
            case "--list": list = true
            case "--all": all = true
            case "--code": showCode = true
            case "--json": json = true
            case "--full": full = true
            case "--runs":
                guard let value = remaining.popFirst(), let runs = Int(value), runs >= 1, runs <= 1000 else {
                    throw UsageError(message: "--runs takes a whole number from 1 to 1000")
                }
                self.runs = runs
            case "--batch-ms":
                guard let value = remaining.popFirst(), let ms = Int(value), ms >= 1, ms <= 10_000 else {
                    throw UsageError(message: "--batch-ms takes a whole number of milliseconds from 1 to 10000")
                }
                batching.target = .milliseconds(ms)
            case "--pace":
                let names = Pace.all.map(\.name).joined(separator: "|")
                guard let value = remaining.popFirst() else { throw UsageError(message: "--pace takes \(names)") }
                guard let pace = Pace.named(value) else {
                    throw UsageError(message: "unknown pace '\(value)'; use \(names)")
                }
                self.pace = pace
            case let option where option.hasPrefix("-"):
                throw UsageError(message: "unknown option '\(option)'")
            default:
                ids.append(argument)
            }
        }
        if help {
            mode = .help
        } else if list {
            guard ids.isEmpty, !all else { throw UsageError(message: "--list takes no recipe ids") }
            mode = .list
        } else if all {
            guard ids.isEmpty else { throw UsageError(message: "--all takes no recipe ids") }
            mode = .all
        } else if ids.isEmpty {
            throw UsageError(message: "name a recipe, or use --list or --all")
        } else {
            mode = .recipes(ids)
        }
        if showCode && mode == .all { throw UsageError(message: "--code shows one recipe at a time") }
    }

    static let help = """
        compare: run both halves of a recipe, check that they agree, and measure them.

        USAGE
          swift run compare <recipe-id>...        run recipes and compare their two sides
          swift run compare --list                list every recipe and guide note, by chapter
          swift run compare <note-id>             print a guide note (it has nothing to run)
          swift run compare --all                 run every recipe, with progress
          swift run compare --code <recipe-id>    show the Legacy and Modern sources side by side

        OPTIONS
          --runs N       timed runs per side after one warm-up (default 5)
          --batch-ms M   sides faster than 5 ms run in batches of at least M ms, and each timed
                         run is one batch (default 10)
          --pace P       realistic | quick | test: how fast the recipes' delays run (default quick;
                         realistic keeps the original numbers, e.g. 1 s)
          --json         print a JSON report instead (schema: Documentation/compare.md)
          --full         print whole transcripts instead of their first and last lines
          --code         print the two source files instead of running the recipe
          -h, --help     show this help

        For each scenario it prints both transcripts side by side and the parity verdict (with a diff
        when the sides disagree); then, per side, wall time (min and median of the timed runs), CPU
        time (median, whole process), peak thread count, peak memory (RSS, whole process) and batch
        size, and the modern/legacy ratio of medians. Times are per run of the side: a batched
        side's batch time divided by its batch size.
        Deadlock, trap and starvation demonstrations run in a child process with a timeout.
        A guide note (marked in --list) is a legacy API with nothing to run; its id prints the note.

        EXIT STATUS
          0   the sides agree (for a demonstration: each side ended as the catalog expects), or
              the ids name guide notes, which are printed
          1   a parity mismatch
          64  a usage error (an unknown recipe id names the closest ids)

        Colour is used only on a terminal, and never when NO_COLOR is set.
        """
}
