import Catalog
import Foundation
import RecipeKit

/// `scan [--format terminal|json|xcode] [--sarif FILE] [--baseline FILE] … PATH...`: the legacy
/// concurrency calls in an app, each with the recipe that replaces it, and a summary to plan the
/// migration with.
///
/// Exit status: 0 when the scan ran, whatever it found; 1 when it ran and found what the options
/// say fails (`--fail-on-new`, `--hazards-as-errors`); 64 for a usage error (an unknown option, a
/// missing path, a report file that cannot be written, a baseline that cannot be read).
public enum ScanCommand {
    public static let usage = """
        Usage: scan [--format terminal|json|xcode] [--markdown FILE] [--sarif FILE]
                    [--baseline FILE [--fail-on-new]] [--hazards all|likely|possible|none]
                    [--hazards-as-errors] [--default-isolation MainActor] [--no-color] PATH...
               scan --build-log FILE|- [--format terminal|json|markdown] [--markdown FILE]

        Finds the uses of legacy concurrency APIs (Dispatch, operations, threads, locks, run loops
        and timers, notification and KVO callbacks) in the Swift, Objective-C and C sources under
        each PATH, and names the page of this guide to read for each use: the recipe that shows
        what replaces it, or the guide note about it. A hazard says how sure it is: likely (the
        code shows the danger) or possible (the pattern is there; the danger depends on code the
        scan doesn't see, such as the caller's thread), and why.

        With --build-log, reads the output of `swift build`, `xcodebuild` or Xcode's Copy Transcript
        (FILE, or - for standard input) instead, and names the entry of Guide/find-your-error.md of
        each concurrency diagnostic in it, grouped by entry, most frequent first.

        Options:
          --format terminal the findings and a summary, for a person (the default)
          --format json     the findings and the summary for scripts (schemaVersion 1); --json
          --format xcode    one `path:line:column: warning: …` line per finding, which Xcode's
                            build log, SwiftPM and GitHub Actions problem matchers show on the line;
                            a hazard is a `note:` line (the summary goes to standard error)
          --markdown FILE   also write a Markdown report, linking to the guide pages, to FILE
          --sarif FILE      also write a SARIF 2.1.0 log (one rule per recipe) to FILE
          --baseline FILE   compare with an earlier `--format json` report: what is new, what is
                            gone, and the count per recipe then and now; with --format xcode, only
                            the new findings are printed
          --fail-on-new     exit 1 when the scan finds something the baseline did not have
          --hazards all|likely|possible|none
                            which hazards to report: all (the default), only the likely ones, only
                            the possible ones, or none
          --hazards-as-errors
                            the hazards reported are `error:` lines in --format xcode, and exit 1
                            when there is one (with --hazards likely, only the likely ones count)
          --default-isolation MainActor|nonisolated
                            the isolation of code with no attribute of its own: MainActor for an
                            Xcode 26 app target (its Default Actor Isolation build setting), so that
                            handlers written anywhere in it are checked for isolation traps;
                            nonisolated (the default) for packages and older targets
          --build-log FILE  the concurrency diagnostics of a build log, by entry; - reads standard
                            input; --format markdown prints the report in Markdown
          --jobs N          scan N files at once (default: one per core, at most 8); the output
                            is in path order whatever N is
          --no-color        no colour (also when NO_COLOR is set, TERM=dumb, or not a terminal)
          --help            show this help

        Exit status: 0 when the scan ran, whatever it found; 1 when --fail-on-new or
        --hazards-as-errors found what they fail on; 64 for a usage error; 66 for a build log that
        cannot be read.

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
        let options: ScanOptions
        switch ScanOptions.parse(arguments) {
        case .success(let parsed): options = parsed
        case .failure(let error): return usageError(error.description, err)
        }
        if options.help {
            out(usage)
            return 0
        }
        let format = options.format
        let paths = options.paths
        if let generate = options.generate {
            do {
                let written = try BenchmarkTree.write(to: generate.directory, lines: generate.lines)
                out("wrote \(written.files) files, \(written.lines) lines, to \(generate.directory)\n")
                return 0
            } catch {
                err("scan: \(error)\n")
                return 1
            }
        }
        if let buildLog = options.buildLog {
            guard paths.isEmpty else { return usageError("--build-log reads a log, not paths to scan", err) }
            if format == .xcode { return usageError("--build-log prints terminal, json or markdown", err) }
            return runBuildLog(
                buildLog, format: options.markdownFormat ? nil : format, markdownFile: options.markdown, out: out,
                err: err)
        }
        if options.markdownFormat { return usageError("--format markdown is for --build-log; use --markdown FILE", err) }
        guard !paths.isEmpty else { return usageError("no path to scan", err) }
        if options.failOnNew, options.baselineFile == nil {
            return usageError("--fail-on-new needs --baseline FILE", err)
        }
        var baseline: Baseline?
        if let baselineFile = options.baselineFile {
            do { baseline = try Baseline(file: baselineFile) } catch { return usageError(error.description, err) }
        }
        let markdown = options.markdown
        let sarif = options.sarif

        let directory = RecipeDirectory(recipes: Catalog.recipes, notes: Catalog.notes)
        let style =
            options.color && format == .terminal
            ? Style.forStandardOutput(environment: environment) : Style(enabled: false)
        var terminal = TerminalReport(directory: directory, style: style)
        let xcode = XcodeReport(directory: directory, hazardsAsErrors: options.hazardsAsErrors)
        var jsonReport = JSONReport(directory: directory)
        var markdownReport = markdown.map { _ in MarkdownReport(paths: paths, directory: directory) }
        var sarifReport = sarif.map { _ in SARIFReport(directory: directory) }
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
        var hazards = 0
        let result: ScanResult
        do {
            if format == .json { write(jsonReport.header(paths: paths)) }
            let scanner = SourceScanner(
                table: ShapeTable(recipes: Catalog.recipes, notes: Catalog.notes),
                defaultIsolation: options.defaultIsolation, hazards: options.hazards, jobs: options.jobs)
            result = try scanner.scan(paths: paths) { finding in
                let new = baseline?.isNew(finding) ?? true
                if !finding.hazards.isEmpty { hazards += 1 }
                switch format {
                case .terminal: write(terminal.render(finding))
                case .json: write(jsonReport.render(finding, first: first))
                case .xcode: if new { write(xcode.render(finding)) }
                }
                first = false
                markdownReport?.add(finding)
                sarifReport?.add(finding)
            }
        } catch {
            return usageError(error.description, err)
        }
        let summary = ScanSummary(result: result, recipes: Catalog.recipes, notes: Catalog.notes)
        for (file, text) in [(markdown, markdownReport?.render(summary, skipped: result.skipped)), (sarif, sarifReport?.render())] {
            guard let file, let text else { continue }
            do {
                try text.write(toFile: file, atomically: true, encoding: .utf8)
            } catch {
                out(buffer)
                return usageError("cannot write \(file): \(error.localizedDescription)", err)
            }
        }
        switch format {
        case .json:
            write(
                jsonReport.footer(
                    summary: summary, skipped: result.skipped, anyFindings: !first,
                    baseline: baseline?.json(now: summary)))
        case .terminal:
            write(terminal.render(summary, skipped: result.skipped))
            if let baseline { write(baseline.render(now: summary, style: style)) }
        case .xcode:
            err(
                "scan: \(summary.findings) findings in \(summary.filesWithFindings) of \(summary.files) files, "
                    + "\(summary.withLikelyHazard) with a likely hazard, \(summary.withPossibleHazard) with a possible one"
                    + (baseline.map { "; \($0.newCount) new and \($0.goneCount) gone since \($0.file)" } ?? "") + "\n")
        }
        out(buffer)
        for file in result.skipped where file.reason != "binary" {
            err("scan: skipped \(file.path): \(file.reason)\n")
        }
        if options.failOnNew, let baseline, baseline.newCount > 0 {
            err("scan: \(baseline.newCount) new since the baseline (--fail-on-new)\n")
            return 1
        }
        if options.hazardsAsErrors, hazards > 0 {
            err("scan: \(hazards) findings with a hazard (--hazards-as-errors)\n")
            return 1
        }
        return 0
    }

    /// `scan --build-log FILE`: `format` nil for Markdown.
    private static func runBuildLog(
        _ file: String, format: ScanOptions.Format?, markdownFile: String?, out: (String) -> Void, err: (String) -> Void
    ) -> Int32 {
        let data: Data
        if file == "-" {
            data = FileHandle.standardInput.readDataToEndOfFile()
        } else {
            guard let read = FileManager.default.contents(atPath: file) else {
                err("scan: cannot read the build log \(file)\n")
                return 66
            }
            data = read
        }
        let entries: [DiagnosticEntry]
        do { entries = try BuildLog.entries() } catch {
            err("scan: cannot read the entries under Diagnostics/: \(error)\n")
            return 70
        }
        let name = file == "-" ? "standard input" : file
        let log = BuildLog(log: String(decoding: data, as: UTF8.self), entries: entries)
        if let markdownFile {
            do {
                try log.markdown(file: name).write(toFile: markdownFile, atomically: true, encoding: .utf8)
            } catch {
                return usageError("cannot write \(markdownFile): \(error.localizedDescription)", err)
            }
        }
        switch format {
        case nil: out(log.markdown(file: name))
        case .json?: out(log.json(file: name))
        case .terminal?, .xcode?: out(log.terminal(file: name))
        }
        return 0
    }

    private static func usageError(_ message: String, _ err: (String) -> Void) -> Int32 {
        err("scan: \(message)\n\n\(usage)")
        return 64
    }
}
