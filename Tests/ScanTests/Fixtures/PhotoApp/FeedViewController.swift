// A feed screen of a small photo app, written for the scan tests (not compiled).
// Markers: `expect: API -> recipe` names a finding on that line; `!` means a hazard must be
// reported, and a line without a marker must have no finding at all.
import UIKit

final class FeedViewController: UIViewController {
    private let loader = ImageLoader()
    private var items: [FeedItem] = []
    /* DispatchQueue.main.async { never: block comment }
       /* nested: DispatchGroup() */ still a comment: NSLock()
    */

    override func viewDidLoad() {
        super.viewDidLoad()
        DispatchQueue.global(qos: .userInitiated).async { [weak self] in  // expect: DispatchQueue.async -> generate-sort-random-numbers
            let items = FeedItem.loadFromDisk()
            DispatchQueue.main.async {  // expect: DispatchQueue.main.async -> main-queue-ui-update
                self?.items = items
                self?.tableView.reloadData()
            }
        }
        title = "Loading… DispatchQueue.main.async { }"
        let help = """
            Tip: we used to call DispatchQueue.main.sync here, and
            NSLock() and "DispatchGroup()" too.
            """
        let raw = #"DispatchSemaphore(value: 0) and \(DispatchGroup())"#
        print(help, raw, "interpolated \(items.count) DispatchQueue.global()")
    }

    func refresh() {
        DispatchQueue  // expect: DispatchQueue.main.async -> main-queue-ui-update
            .main
            .async { self.tableView.reloadData() }
    }

    /// Called from a background callback; `sync` onto main deadlocks when already on main.
    func showCount(_ count: Int) {
        DispatchQueue.main.sync {  // expect: DispatchQueue.main.sync -> sync-deadlock !
            self.navigationItem.prompt = "\(count) photos"
        }
    }

    func scheduleBanner() {
        DispatchQueue.main.asyncAfter(deadline: .now() + 2) {  // expect: DispatchQueue.asyncAfter -> delayed-task
            self.showBanner()
        }
    }

    #if false
        func oldRefresh() {
            DispatchQueue.main.async { self.tableView.reloadData() }
        }
    #endif

    #if DEBUG
        func debugDump() {
            dispatchPrecondition(condition: .onQueue(.main))  // expect: dispatchPrecondition -> main-queue-ui-update
        }
    #else
        func debugDump() {}
    #endif

    func observe() {
        NotificationCenter.default.addObserver(  // expect: NotificationCenter.addObserver -> notification-observer-stream
            forName: UIApplication.didBecomeActiveNotification, object: nil, queue: .main
        ) { [weak self] _ in self?.refresh() }
    }
}
