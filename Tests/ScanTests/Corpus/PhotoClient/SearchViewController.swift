// Search as you type, in the photo client (precision corpus; never compiled).
import UIKit

/// Calls `action` once the calls stop for `interval`: each call records its time, and the
/// delayed block fires only if no later call came.
func debounced(interval: Int, queue: DispatchQueue = .main, action: @escaping () -> Void) -> () -> Void {
    var lastCall = DispatchTime.now()
    let delay = DispatchTimeInterval.milliseconds(interval)
    return {
        lastCall = DispatchTime.now()
        let deadline: DispatchTime = DispatchTime.now() + delay
        queue.asyncAfter(deadline: deadline) {  // label: DispatchQueue.asyncAfter => debounce
            let due: DispatchTime = lastCall + delay
            if DispatchTime.now() >= due {
                action()
            }
        }
    }
}

final class SearchViewController: UIViewController, UISearchBarDelegate {
    private var pendingSearch: DispatchWorkItem?
    private var results: [Post] = []
    private lazy var refreshResults = debounced(interval: 300) { [weak self] in self?.tableView.reloadData() }
    let tableView = UITableView()
    let client = SearchClient()

    func searchBar(_ searchBar: UISearchBar, textDidChange text: String) {
        pendingSearch?.cancel()  // label: DispatchWorkItem.cancel => debounce
        let work = DispatchWorkItem { [weak self] in  // label: DispatchWorkItem => debounce
            self?.runSearch(text)
        }
        pendingSearch = work
        DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(350), execute: work)  // label: DispatchQueue.asyncAfter => debounce
    }

    func searchBarTextDidEndEditing(_ searchBar: UISearchBar) {
        NSObject.cancelPreviousPerformRequests(withTarget: self, selector: #selector(saveRecentSearch), object: nil)  // label: NSObject.cancelPreviousPerformRequests => debounce
        perform(#selector(saveRecentSearch), with: nil, afterDelay: 2.0)  // label: perform(_:with:afterDelay:) => debounce
    }

    @objc func saveRecentSearch() {
        RecentSearches.shared.save(searchBar.text)
    }

    func flashHint() {
        perform(#selector(hideHint), with: nil, afterDelay: 3.0)  // label: perform(_:with:afterDelay:) => delayed-task
    }

    @objc func hideHint() {
        hintView.isHidden = true
    }

    private func runSearch(_ text: String) {
        client.search(text) { [weak self] result in
            DispatchQueue.main.async {  // label: DispatchQueue.main.async => main-queue-ui-update
                guard let self else { return }
                if case .success(let posts) = result { self.results = posts }
                self.refreshResults()
            }
        }
    }
}
