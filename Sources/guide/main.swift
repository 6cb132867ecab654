import Catalog
import Dispatch
import GuideKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// `guide` serves demonstration children too, so `swift run guide` needs no other executable.
let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--demo" {
    DemoChild.main(arguments: Array(arguments.dropFirst()))
}

Task {
    exit(await GuideCommand.run(arguments: arguments))
}
dispatchMain()
