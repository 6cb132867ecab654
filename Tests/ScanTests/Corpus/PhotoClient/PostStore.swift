// The photo client's post store: Core Data, a state queue, a batch of downloads (precision
// corpus; never compiled).
import CoreData
import Foundation

final class PostStore {
    private let container: NSPersistentContainer
    private let stateQueue = DispatchQueue(label: "com.example.photos.poststore.state")  // label: DispatchQueue(label:) => isolation-queue-per-object
    private var unreadCount = 0
    private var drafts: [UUID: Draft] = [:]
    private let session = URLSession(configuration: .default)

    init(container: NSPersistentContainer) {
        self.container = container
    }

    var unread: Int {
        stateQueue.sync { unreadCount }  // label: DispatchQueue.sync => isolation-queue-per-object
    }

    func markRead(_ count: Int) {
        stateQueue.async {  // label: DispatchQueue.async => isolation-queue-per-object
            self.unreadCount = max(0, self.unreadCount - count)
        }
    }

    func saveDraft(_ draft: Draft) {
        stateQueue.async {  // label: DispatchQueue.async => isolation-queue-per-object
            self.drafts[draft.id] = draft
        }
    }

    func importPosts(_ payloads: [PostPayload], completion: @escaping (Error?) -> Void) {
        let context = container.newBackgroundContext()
        context.perform {  // label: NSManagedObjectContext.performBlock => core-data-swiftdata-contexts
            for payload in payloads {
                let post = PostEntity(context: context)
                post.update(from: payload)
            }
            do {
                try context.save()
                completion(nil)
            } catch {
                completion(error)
            }
        }
    }

    func countPosts() -> Int {
        let context = container.viewContext
        var count = 0
        context.performAndWait {  // label: NSManagedObjectContext.performBlock => core-data-swiftdata-contexts
            count = (try? context.count(for: PostEntity.fetchRequest())) ?? 0
        }
        return count
    }

    func downloadAll(_ urls: [URL], completion: @escaping ([URL: Data]) -> Void) {
        let group = DispatchGroup()  // label: DispatchGroup => dispatch-group-notify | group-batch-download
        var results: [URL: Data] = [:]
        let lock = NSLock()  // label: NSLock => lock-zoo | thread-safe-singleton | ticket-sale-lock
        for url in urls {
            group.enter()  // label: DispatchGroup.enter => group-wrap-callback-api | group-batch-download
            session.dataTask(with: url) { data, _, _ in  // label: URLSession.dataTask => urlsession-data-task | group-wrap-callback-api
                if let data {
                    lock.lock()  // label: NSLock.lock => lock-zoo | thread-safe-singleton | ticket-sale-lock
                    results[url] = data
                    lock.unlock()  // label: NSLock.lock => lock-zoo | thread-safe-singleton | ticket-sale-lock
                }
                group.leave()  // label: DispatchGroup.leave => group-wrap-callback-api | group-batch-download
            }.resume()
        }
        group.notify(queue: .main) {  // label: DispatchGroup.notify => dispatch-group-notify | group-batch-download
            completion(results)
        }
    }

    func fetchLatest(from url: URL, completion: @escaping (Result<[Post], Error>) -> Void) {
        session.dataTask(with: url) { data, response, error in  // label: URLSession.dataTask => urlsession-data-task
            if let error {
                completion(.failure(error))
            }
            guard let data else {
                completion(.failure(StoreError.empty))  // label: completion handler called twice => async-api-completion-queue !twice
                return
            }
            completion(Result { try JSONDecoder().decode([Post].self, from: data) })
        }.resume()
    }
}
