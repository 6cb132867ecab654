// Check: swift6 traps
// ! __DISPATCH_WAIT_FOR_QUEUE__
import Dispatch

/// Meant for background callers; this one is on the main thread already.
func currentUserName() -> String {
    DispatchQueue.main.sync { "Ada" }
}

@main struct Main {
    static func main() {
        print(currentUserName())
    }
}
