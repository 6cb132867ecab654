// Uses: FakeSDK
// Check: swift6 traps
// ! _dispatch_assert_queue_fail
import FakeSDK

@MainActor final class DownloadModel {
    var finished = false
    let session = Session()

    /// The closure is written in main-actor code, so it is main-actor code;
    /// the SDK, compiled in the Swift 5 mode, calls it on its own queue.
    func finish() {
        session.finish(bytes: 10) {
            self.finished = true
        }
    }
}

@main struct Main {
    static func main() async {
        let model = DownloadModel()
        model.finish()
        while !model.finished { await Task.yield() }
    }
}
