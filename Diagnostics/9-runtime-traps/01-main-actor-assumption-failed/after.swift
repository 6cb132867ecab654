// Uses: FakeSDK
import FakeSDK

@MainActor final class DownloadModel {
    var finished = false
    let session = Session()

    /// The callback becomes an `await`; its closure says `@Sendable`, so it
    /// is not main-actor code, and the assignment runs on the main actor
    /// after the `await`.
    func finish() async {
        await withCheckedContinuation { done in
            session.finish(bytes: 10) { @Sendable in done.resume() }
        }
        finished = true
    }
}

@main struct Main {
    static func main() async {
        let model = DownloadModel()
        await model.finish()
        print(model.finished)
    }
}
