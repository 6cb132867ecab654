// Loads thumbnails for the photo app (scan test fixture; not compiled).
import Foundation

final class ImageLoader: @unchecked Sendable {
    private let session: URLSession = .shared
    private let group = DispatchGroup()  // expect: DispatchGroup -> dispatch-group-notify
    private let throttle = DispatchSemaphore(value: 4)  // expect: DispatchSemaphore -> group-wrap-callback-api

    func loadAll(_ urls: [URL], completion: @escaping ([Data]) -> Void) {
        var results: [Data] = []
        for url in urls {
            group.enter()  // expect: DispatchGroup.enter -> dispatch-group-notify
            load(url) { data in
                results.append(data)
                self.group.leave()  // expect: DispatchGroup.leave -> dispatch-group-notify
            }
        }
        group.notify(queue: .main) { completion(results) }  // expect: DispatchGroup.notify -> dispatch-group-notify
    }

    /// Blocks until the callback arrives: the classic semaphore bridge.
    func loadSynchronously(_ url: URL) -> Data? {
        let done = DispatchSemaphore(value: 0)  // expect: DispatchSemaphore(value: 0) -> sync-wait-for-callback
        var result: Data?
        load(url) { data in
            result = data
            done.signal()  // expect: DispatchSemaphore.signal -> group-wrap-callback-api
        }
        done.wait()  // expect: DispatchSemaphore.wait -> group-wrap-callback-api !
        return result
    }

    /// A semaphore as a counting gate, signalled in the same scope: not a wait for a callback.
    func withSlot(_ body: () -> Void) {
        throttle.signal()  // expect: DispatchSemaphore.signal -> group-wrap-callback-api
        throttle.wait()  // expect: DispatchSemaphore.wait -> group-wrap-callback-api
        body()
    }

    func load(_ url: URL, completion: @escaping (Data) -> Void) {
        session.dataTask(with: url) { data, _, _ in completion(data ?? Data()) }.resume()  // expect: URLSession.dataTask -> group-wrap-callback-api
    }

    func prefetch(_ urls: [URL]) {
        let work = DispatchWorkItem { [weak self] in  // expect: DispatchWorkItem -> cancellable-delay
            self?.loadAll(urls) { _ in }
        }
        DispatchQueue.global(qos: .utility)  // expect: DispatchQueue.asyncAfter -> delayed-task
            .asyncAfter(deadline: .now() + .milliseconds(300), execute: work)
        work.cancel()  // expect: DispatchWorkItem.cancel -> cancellable-delay
    }
}
