import Catalog
import CompareKit
import Dispatch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// A demonstration child runs before anything else, on the process's main thread.
let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--demo" {
    DemoChild.main(arguments: Array(arguments.dropFirst()))
}

// Everything else runs as a task while `dispatchMain()` drains the main queue, so that legacy
// recipes that hop to `DispatchQueue.main` work.
Task {
    exit(await CompareCommand.run(arguments: arguments))
}
dispatchMain()
