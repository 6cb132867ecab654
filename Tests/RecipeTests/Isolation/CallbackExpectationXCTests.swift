import Dispatch
import Legacy
import XCTest

/// Testing a callback API the XCTest way: expectations, fulfilled by the callbacks, and a wait.
///
/// `wait(for:timeout:)` blocks the test until every expectation is fulfilled or the timeout
/// passes, running the main run loop meanwhile, so a callback on the main queue still arrives.
/// The three shapes: a callback that must come, one that must come three times, one that must
/// never come (an inverted expectation, which waits out its whole timeout to be sure).
final class CallbackExpectationXCTests: XCTestCase {
    func testTheCallbackArrives() {
        let service = ValueService(callbackQueue: .global())
        let answered = expectation(description: "the answer")
        service.fetchValue(for: 7) { value in
            XCTAssertEqual(value, 49)
            answered.fulfill()
        }
        wait(for: [answered], timeout: 10)
    }

    func testTheCallbackArrivesThreeTimes() {
        let service = ValueService(callbackQueue: .global())
        let answered = expectation(description: "three answers")
        answered.expectedFulfillmentCount = 3
        // A fourth fulfill() would fail the test: over-fulfilment is an error.
        answered.assertForOverFulfill = true
        for key in 1...3 {
            service.fetchValue(for: key) { _ in answered.fulfill() }
        }
        wait(for: [answered], timeout: 10)
    }

    func testARemovedHandlerIsNeverCalled() {
        let future = OneShotFuture<Int>()
        let removed = expectation(description: "the removed handler")
        removed.isInverted = true
        let called = expectation(description: "the kept handler")
        let id = future.onValue { _ in removed.fulfill() }
        _ = future.onValue { _ in called.fulfill() }
        XCTAssertTrue(future.removeHandler(id))
        XCTAssertTrue(future.fulfill(1))
        // The inverted one passes only if the whole 0.2 s pass without it.
        wait(for: [called, removed], timeout: 0.2)
    }
}
