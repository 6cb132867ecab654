import BenchKit
import Foundation

// An async main: the main queue is drained while the bench runs, so `DispatchQueue.main.async`
// and `MainActor.run` both reach it (on Linux they share one executor).
let status = await BenchCommand.run(arguments: Array(CommandLine.arguments.dropFirst()))
exit(status)
