// XCTest tests of the photo client's store (precision corpus; never compiled).
import XCTest
@testable import PhotoClient

final class PostStoreTests: XCTestCase {
    private var store: PostStore!

    override func setUp() {
        super.setUp()
        store = PostStore(container: .inMemory())
    }

    func testImportThenCount() {
        let imported = expectation(description: "import finished")  // label: XCTestExpectation => expectation-to-confirmation
        store.importPosts(PostPayload.samples) { error in
            XCTAssertNil(error)
            imported.fulfill()
        }
        wait(for: [imported], timeout: 5)  // label: XCTestExpectation => expectation-to-confirmation
        XCTAssertEqual(store.countPosts(), PostPayload.samples.count)
    }

    func testDownloadAllCallsBackOnMain() {
        let done = expectation(description: "downloads")  // label: XCTestExpectation => expectation-to-confirmation
        store.downloadAll(TestServer.urls) { results in
            XCTAssertTrue(Thread.isMainThread)  // label: Thread.isMainThread => main-thread-check
            XCTAssertEqual(results.count, TestServer.urls.count)
            done.fulfill()
        }
        waitForExpectations(timeout: 10)  // label: XCTestExpectation => expectation-to-confirmation
    }

    func testMarkReadNeverGoesNegative() {
        store.markRead(3)
        XCTAssertEqual(store.unread, 0)
    }
}
