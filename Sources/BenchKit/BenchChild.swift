import Foundation
import RecipeKit

/// Runs the bench again as a child process for one measurement, and reads the words it prints.
///
/// Peak memory and peak thread count belong to a whole process and never go down, so a figure that
/// must be a measurement's own is taken in a fresh process: the fan-out points and the blocking
/// rows.
enum BenchChild {
    /// Why a child gave no answer.
    struct Failure: Error {
        var reason: String
    }

    /// Runs this executable with `arguments` and returns the words of its standard output.
    static func run(_ arguments: [String]) async -> Result<[String], Failure> {
        await onOwnThread(name: "bench-child") {
            let process = Process()
            process.executableURL = executableURL()
            process.arguments = arguments
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            do { try process.run() } catch {
                return .failure(Failure(reason: "could not start a child: \(error)"))
            }
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            if process.terminationReason == .uncaughtSignal {
                return .failure(Failure(reason: "the child was killed by signal \(process.terminationStatus)"))
            }
            guard process.terminationStatus == 0 else {
                return .failure(Failure(reason: "the child ended with status \(process.terminationStatus)"))
            }
            return .success(
                String(decoding: data, as: UTF8.self).split(whereSeparator: \.isWhitespace).map(String.init))
        }
    }

    /// This executable, to run again as a child.
    static func executableURL() -> URL {
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            return URL(fileURLWithPath: path)
        }
        return Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
    }
}
