import Catalog
import GuideKit

// `guide` serves demonstration children too (`guide --demo …`), so `swift run guide` needs no
// other executable; anything else runs `GuideCommand` while the main queue is drained.
DemoChild.serveOrRun { await GuideCommand.run(arguments: $0) }
