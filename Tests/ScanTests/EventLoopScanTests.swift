import ScanKit
import Testing

/// A hand-written `poll`/`select`/`kqueue`/`epoll` loop leads to `event-loop-thread`, in both
/// languages; words that merely look alike do not.
@Suite struct EventLoopScanTests {
    static let page = "event-loop-thread"

    @Test func aSwiftPollLoopLeadsToTheEventLoopPage() throws {
        let swift = """
            var watched = [pollfd(fd: wake, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&watched, nfds_t(watched.count), timeout)
            """
        let finding = try #require(ScanFixtures.scan(swift).first { $0.line == 1 })
        #expect(finding.recipes.first == Self.page)
    }

    @Test func cSelectKqueueAndEpollLoopsLeadToTheEventLoopPage() throws {
        let select = """
            fd_set readable;
            FD_ZERO(&readable);
            FD_SET(wakePipe[0], &readable);
            int ready = select(maxFD + 1, &readable, NULL, NULL, &timeout);
            """
        let kqueue = """
            int kq = kqueue();
            struct kevent change;
            EV_SET(&change, fd, EVFILT_READ, EV_ADD, 0, 0, NULL);
            int ready = kevent(kq, &change, 1, events, 16, &timeout);
            """
        let epoll = """
            int ready = epoll_wait(epfd, events, 16, timeoutMilliseconds);
            """
        for source in [select, kqueue, epoll] {
            let findings = ScanFixtures.scan(source, .objc)
            #expect(findings.first?.recipes.first == Self.page, "\(source)")
        }
    }

    /// Near misses: a table view's selection, another object's `poll()` or `select(_:)`, an app's
    /// own method named `poll`, a `selected` flag. A poll loop is found by its `pollfd`, a select
    /// loop by its `fd_set`, not by the call's name.
    @Test func lookAlikesDoNotLeadToTheEventLoopPage() {
        let swift = """
            tableView.selectRow(at: indexPath, animated: true, scrollPosition: .none)
            textField.select(nil)
            server.poll()
            func poll() { refresh() }
            poll()
            let selected = items.filter(\\.isSelected)
            """
        #expect(ScanFixtures.scan(swift).allSatisfy { !$0.recipes.contains(Self.page) })
    }

    /// An event loop is one pattern across its file: the lock around its handlers and the thread
    /// it polls on lead to the loop's page too; the same lock and thread without a poll loop keep
    /// their own pages.
    @Test func aLoopsLockAndThreadLeadToTheEventLoopPage() {
        let loop = """
            final class ServerLoop {
                private var handlers: [Int32: () -> Void] = [:]
                private let lock = NSLock()
                func start() { Thread { self.run() }.start() }
                private func run() {
                    while true {
                        lock.lock()
                        var fds = handlers.keys.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
                        lock.unlock()
                        _ = poll(&fds, nfds_t(fds.count), -1)
                    }
                }
            }
            """
        func page(_ source: String, _ api: String, line: Int) -> String? {
            ScanFixtures.scan(source).first { $0.api == api && $0.line == line }?.recipes.first
        }
        #expect(page(loop, "NSLock.lock", line: 7) == Self.page)
        #expect(page(loop, "Thread", line: 4) == Self.page)
        let nearMiss = loop.replacingOccurrences(of: "pollfd(fd: $0, events: Int16(POLLIN), revents: 0)", with: "$0")
        #expect(page(nearMiss, "NSLock.lock", line: 7) != Self.page)
        #expect(page(nearMiss, "Thread", line: 4) != Self.page)
    }
}
