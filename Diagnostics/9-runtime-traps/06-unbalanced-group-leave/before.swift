// Check: swift6 traps
// ! dispatch_group_leave
import Dispatch

/// A callback API with a bug: on a retry it calls back twice.
func upload(_ name: String, completion: @escaping @Sendable () -> Void) {
    completion()
    if name == "retry.jpg" { completion() }
}

@main struct Main {
    static func main() {
        let group = DispatchGroup()
        for name in ["a.jpg", "retry.jpg"] {
            group.enter()
            upload(name) { group.leave() }
        }
        group.wait()
    }
}
