import Foundation
import PackagePlugin

/// `swift package scan-concurrency [--target T]... [scan options]`: runs `scan` over a package's
/// source targets.
///
/// A team adds this package as a dependency and runs the command in its own package; it needn't
/// clone this one. Without `--target`, every Swift, Objective-C and C target is scanned (tests
/// too: they hold legacy waits as often as the app does). Every other argument goes to `scan`
/// unchanged (`--format xcode`, `--baseline FILE --fail-on-new`, `--default-isolation MainActor`…),
/// and a `scan` that exits non-zero fails the command.
@main
struct ScanConcurrency: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let names = extractor.extractOption(named: "target")
        let targets = names.isEmpty ? context.package.targets : try context.package.targets(named: names)
        let folders = targets.compactMap { $0 as? SourceModuleTarget }.map(\.directoryURL.path)
        guard !folders.isEmpty else {
            Diagnostics.error("scan-concurrency: no source targets to scan in \(context.package.displayName)")
            return
        }
        let scan = try context.tool(named: "scan")
        let process = Process()
        process.executableURL = scan.url
        process.arguments = extractor.remainingArguments + ["--"] + folders
        try process.run()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw ScanFailed(status: process.terminationStatus)
        }
    }
}

/// `scan` exited with a status other than 0: a usage error (64), or what `--fail-on-new` or
/// `--hazards-as-errors` fail on (1).
struct ScanFailed: Error, CustomStringConvertible {
    let status: Int32
    var description: String { "scan exited with status \(status)" }
}
