import Foundation
import RecipeKit

/// One run of the built `bench` executable: its exit status and what it printed.
struct BenchRun: Sendable {
    let status: Int32
    let out: String
    let err: String

    /// The built `bench`, next to the test runner.
    static var executable: URL {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent()
        while directory.path != "/" {
            let candidate = directory.appendingPathComponent("bench")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        return URL(fileURLWithPath: "bench")
    }

    /// One `bench --tiny --json` run, shared by the tests that read its output.
    static let tinyJSON = Task { try await BenchRun.run("--tiny", "--json") }

    /// Runs `bench` with these arguments, on a thread of its own (the reads and the wait block).
    static func run(_ arguments: String...) async throws -> BenchRun {
        try await onOwnThread(name: "bench-cli-test") {
            let process = Process()
            process.executableURL = executable
            process.arguments = arguments
            let out = Pipe()
            let err = Pipe()
            process.standardOutput = out
            process.standardError = err
            try process.run()
            let errData = Locked(Data())
            let errRead = DispatchSemaphore(value: 0)
            Thread {
                errData.withLock { $0 = err.fileHandleForReading.readDataToEndOfFile() }
                errRead.signal()
            }.start()
            let outData = out.fileHandleForReading.readDataToEndOfFile()
            errRead.wait()
            process.waitUntilExit()
            return BenchRun(
                status: process.terminationStatus, out: String(decoding: outData, as: UTF8.self),
                err: String(decoding: errData.withLock { $0 }, as: UTF8.self))
        }
    }
}
