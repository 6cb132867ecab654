// The feed screen of an older iOS photo client (precision corpus; never compiled).
import UIKit

final class FeedViewController: UITableViewController {
    private var posts: [Post] = []
    private var sizeObservation: NSKeyValueObservation?
    private let store: PostStore
    private var thumbnailQueue: OperationQueue?

    init(store: PostStore) {
        self.store = store
        super.init(style: .plain)
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        NotificationCenter.default.addObserver(self, selector: #selector(appDidBecomeActive), name: UIApplication.didBecomeActiveNotification, object: nil)  // label: NotificationCenter.addObserver => notification-observer-stream
        sizeObservation = tableView.observe(\.contentSize, options: [.new]) { [weak self] table, _ in  // label: KVO => observe-state-changes
            self?.updateFooter(height: table.contentSize.height)
        }
        reload()
    }

    deinit {
        NotificationCenter.default.removeObserver(self)  // label: NotificationCenter.removeObserver => notification-observer-stream
    }

    @objc private func appDidBecomeActive() {
        reload()
    }

    func reload() {
        DispatchQueue.global(qos: .userInitiated).async {  // label: DispatchQueue.async => background-then-main
            let cached = self.store.cachedPosts()
            let sorted = cached.sorted { $0.date > $1.date }
            DispatchQueue.main.async {  // label: DispatchQueue.main.async => background-then-main
                self.posts = sorted
                self.tableView.reloadData()
            }
        }
    }

    func showError(_ error: Error) {
        if Thread.isMainThread {  // label: Thread.isMainThread => main-inline-or-async
            presentAlert(for: error)
        } else {
            DispatchQueue.main.async {  // label: DispatchQueue.main.async => main-inline-or-async
                self.presentAlert(for: error)
            }
        }
    }

    /// Called by the upload manager from its delegate queue.
    func uploadDidFinish(_ post: Post) {
        DispatchQueue.main.async {  // label: DispatchQueue.main.async => main-queue-ui-update
            self.posts.insert(post, at: 0)
            self.tableView.insertRows(at: [IndexPath(row: 0, section: 0)], with: .automatic)
        }
    }

    func loadThumbnails(for rows: [IndexPath]) {
        let queue = OperationQueue()  // label: OperationQueue => operation-max-concurrency | operation-queue-async
        queue.maxConcurrentOperationCount = 3  // label: OperationQueue.maxConcurrentOperationCount => operation-max-concurrency
        for row in rows {
            let post = posts[row.row]
            queue.addOperation {  // label: OperationQueue.addOperation => operation-max-concurrency | operation-queue-async
                let image = ThumbnailRenderer.render(post.imageURL)
                OperationQueue.main.addOperation {  // label: OperationQueue.addOperation => operation-main-queue-block | background-then-main
                    self.setThumbnail(image, at: row)
                }
            }
        }
        thumbnailQueue = queue
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        thumbnailQueue?.cancelAllOperations()  // label: Operation.cancel => operation-cancellation
    }

    func scrollToTopAfterInsert() {
        DispatchQueue.main.asyncAfter(deadline: .now() + 0.25) {  // label: DispatchQueue.asyncAfter => delayed-task
            self.tableView.setContentOffset(.zero, animated: true)
        }
    }

    func imageData(for post: Post) -> Data? {
        let url = store.fileURL(for: post)
        return try? Data(contentsOf: url)
    }
}
