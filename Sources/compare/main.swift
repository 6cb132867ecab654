import Catalog
import CompareKit

// A demonstration child (`compare --demo …`) runs first, on the process's main thread; anything
// else runs `CompareCommand` while the main queue is drained.
DemoChild.serveOrRun { await CompareCommand.run(arguments: $0) }
