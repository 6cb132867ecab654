import Catalog
import Foundation
import RecipeKit

/// `scan [--json] [--markdown FILE] [--default-isolation MainActor] [--no-color] PATH...`: the legacy concurrency calls in an app,
/// each with the recipe that replaces it, and a summary to plan the migration with.
///
/// Exit status: 0 when the scan ran, whatever it found; 64 for a usage error (an unknown option,
/// a missing path, a report file that cannot be written).
public enum ScanCommand {
    public static let usage = """
        Usage: scan [--json] [--markdown FILE] [--default-isolation MainActor] [--no-color] PATH...

        Finds the uses of legacy concurrency APIs (Dispatch, operations, threads, locks, run loops
        and timers, notification and KVO callbacks) in the Swift, Objective-C and C sources under
        each PATH, and names the recipe of this guide that shows what replaces each one.

        Options:
          --json            print the findings and the summary as JSON (schemaVersion 1)
          --markdown FILE   also write a Markdown report, linking to the guide pages, to FILE
          --default-isolation MainActor|nonisolated
                            the isolation of code with no attribute of its own: MainActor for an
                            Xcode 26 app target (its Default Actor Isolation build setting), so that
                            handlers written anywhere in it are checked for isolation traps;
                            nonisolated (the default) for packages and older targets
          --no-color        no colour (also when NO_COLOR is set, TERM=dumb, or not a terminal)
          --help            show this help

        Exit status: 0 when the scan ran, whatever it found; 64 for a usage error.

        """

    /// Runs with the process's arguments and streams, and exits.
    public static func main() -> Never {
        let standardOutput = FileDescriptorStream.standardOutput
        let standardError = FileDescriptorStream.standardError
        let status = run(
            arguments: Array(CommandLine.arguments.dropFirst()),
            environment: ProcessInfo.processInfo.environment,
            out: { standardOutput.write($0) },
            err: { standardError.write($0) })
        exit(status)
    }

    /// Runs `scan` with these arguments, writing to `out` and `err`; returns the exit status.
    public static func run(
        arguments: [String], environment: [String: String] = [:],
        out: (String) -> Void, err: (String) -> Void
    ) -> Int32 {
        var json = false
        var markdown: String?
        var color = true
        var defaultIsolation = DefaultIsolation.nonisolated
        var paths: [String] = []
        var generate: (directory: String, lines: Int)?
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case "--help", "-h":
                out(usage)
                return 0
            case "--json": json = true
            case "--no-color": color = false
            case "--markdown":
                guard index + 1 < arguments.count else { return usageError("--markdown needs a file name", err) }
                markdown = arguments[index + 1]
                index += 1
            case "--default-isolation":
                let names = DefaultIsolation.allCases.map(\.rawValue).joined(separator: " or ")
                guard index + 1 < arguments.count else { return usageError("--default-isolation needs \(names)", err) }
                guard let value = DefaultIsolation(rawValue: arguments[index + 1]) else {
                    return usageError("--default-isolation is \(names), not \(arguments[index + 1])", err)
                }
                defaultIsolation = value
                index += 1
            case "--generate-benchmark-tree":
                guard index + 2 < arguments.count, let lines = Int(arguments[index + 2]), lines > 0 else {
                    return usageError("--generate-benchmark-tree needs a directory and a line count", err)
                }
                generate = (arguments[index + 1], lines)
                index += 2
            case "--":
                paths += arguments[(index + 1)...]
                index = arguments.count
                continue
            default:
                if argument.hasPrefix("-"), argument != "-" {
                    return usageError("unknown option \(argument)", err)
                }
                paths.append(argument)
            }
            index += 1
        }
        if let generate {
            do {
                let written = try BenchmarkTree.write(to: generate.directory, lines: generate.lines)
                out("wrote \(written.files) files, \(written.lines) lines, to \(generate.directory)\n")
                return 0
            } catch {
                err("scan: \(error)\n")
                return 1
            }
        }
        guard !paths.isEmpty else { return usageError("no path to scan", err) }

        let directory = RecipeDirectory(recipes: Catalog.recipes)
        let style = color && !json ? Style.forStandardOutput(environment: environment) : Style(enabled: false)
        let terminal = TerminalReport(directory: directory, style: style)
        var jsonReport = JSONReport(directory: directory)
        var markdownReport = markdown.map { _ in MarkdownReport(paths: paths, directory: directory) }
        // Findings are written as they are found, through a buffer, so memory stays flat.
        var buffer = ""
        func write(_ text: String) {
            buffer += text
            if buffer.utf8.count >= 1 << 16 {
                out(buffer)
                buffer = ""
            }
        }
        var first = true
        let result: ScanResult
        do {
            if json { write(jsonReport.header(paths: paths)) }
            let scanner = SourceScanner(table: ShapeTable(recipes: Catalog.recipes), defaultIsolation: defaultIsolation)
            result = try scanner.scan(paths: paths) { finding in
                write(json ? jsonReport.render(finding, first: first) : terminal.render(finding))
                first = false
                markdownReport?.add(finding)
            }
        } catch {
            return usageError(error.description, err)
        }
        let summary = ScanSummary(result: result, recipes: Catalog.recipes)
        if let markdown, let markdownReport {
            do {
                try markdownReport.render(summary, skipped: result.skipped)
                    .write(toFile: markdown, atomically: true, encoding: .utf8)
            } catch {
                out(buffer)
                return usageError("cannot write \(markdown): \(error.localizedDescription)", err)
            }
        }
        if json {
            write(jsonReport.footer(summary: summary, skipped: result.skipped, anyFindings: !first))
        } else {
            write(terminal.render(summary, skipped: result.skipped))
        }
        out(buffer)
        for file in result.skipped where file.reason != "binary" {
            err("scan: skipped \(file.path): \(file.reason)\n")
        }
        return 0
    }

    private static func usageError(_ message: String, _ err: (String) -> Void) -> Int32 {
        err("scan: \(message)\n\n\(usage)")
        return 64
    }
}
