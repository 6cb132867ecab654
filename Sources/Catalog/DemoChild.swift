import Dispatch
import RecipeKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The child-process side of a demonstration: `compare --demo <recipe> <scenario> <side> [--pace P]`
/// (`guide --demo` works the same, so that `swift run guide` needs no other executable).
///
/// It logs each line unbuffered to standard output, runs the side's body (which may trap or hang;
/// that is the point), and exits 0 if the body returns. The parent (`ChildProcess.run`) applies
/// the timeout.
public enum DemoChild {
    /// Runs the demo the arguments name; never returns. Exits 64 on a bad id, scenario or side.
    public static func main(arguments: [String]) -> Never {
        var arguments = arguments
        var pace = Pace.test
        if let index = arguments.firstIndex(of: "--pace"), index + 1 < arguments.count {
            guard let named = Pace.named(arguments[index + 1]) else { usage("unknown pace \(arguments[index + 1])") }
            pace = named
            arguments.removeSubrange(index...index + 1)
        }
        guard arguments.count == 3 else { usage("expected <recipe> <scenario> <legacy|modern>") }
        guard let recipe = Catalog.recipe(arguments[0]) else { usage("no recipe \(arguments[0])") }
        guard let scenario = recipe.scenario(named: arguments[1]) else { usage("no scenario \(arguments[1])") }
        guard let sideName = Scenario.SideName(rawValue: arguments[2]) else { usage("no side \(arguments[2])") }
        guard case .childProcess(let body) = scenario.side(sideName) else {
            usage("\(recipe.id) / \(scenario.name) / \(sideName.rawValue) does not run in a child process")
        }
        let log = Recorder(echo: STDOUT_FILENO).logger
        switch body {
        // `_exit`, not `exit`: a demo child leaves at once. `exit` runs atexit handlers and
        // destructors while the runtime's other threads may hold their locks, and intermittently
        // deadlocked there under load. Nothing needs flushing: every line went out with write(2).
        case .onMainThread(let run):
            run(pace, log)
            _exit(0)
        case .async(let run):
            Task {
                await run(pace, log)
                _exit(0)
            }
            dispatchMain()
        }
    }

    private static func usage(_ message: String) -> Never {
        FileDescriptorStream.standardError.write("compare --demo: \(message)\n")
        exit(64)
    }
}

extension DemoChild {
    /// The entry point of `compare` and `guide`: serves `--demo` first, on the main thread; else
    /// runs `command` as a task while `dispatchMain()` drains the main queue (so that legacy
    /// recipes that hop to `DispatchQueue.main` work), and exits with the status it returns.
    public static func serveOrRun(_ command: @escaping @Sendable ([String]) async -> Int32) -> Never {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.first == "--demo" {
            main(arguments: Array(arguments.dropFirst()))
        }
        Task {
            exit(await command(arguments))
        }
        dispatchMain()
    }
}
