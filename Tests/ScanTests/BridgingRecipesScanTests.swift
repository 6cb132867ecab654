import ScanKit
import Testing

/// The shapes of chapter 10's request/reply and ordered-writes recipes lead to them, in both languages.
@Suite struct BridgingRecipesScanTests {
    /// A client's table of completions by request id leads to `pending-replies`.
    @Test func aTableOfPendingCompletionsLeadsToPendingReplies() throws {
        let swift = """
            private var pendingRequests: [Int: (Data?) -> Void] = [:]
            func receive(_ data: Data, for id: Int) {
                let completion = queue.sync { pendingRequests.removeValue(forKey: id) }
                completion?(data)
            }
            """
        let found = ScanFixtures.scan(swift).filter { $0.recipes.first == "pending-replies" }
        #expect(found.map(\.line) == [1, 3])
        let objc = "self.ackHandlers[@(ack)] = completion;"
        let finding = try #require(ScanFixtures.scan(objc, .objc).first)
        #expect(finding.recipes.first == "pending-replies")
    }

    /// A call that names the queue its completion runs on leads to `ordered-async-writes`.
    @Test func aCompletionQueueArgumentLeadsToOrderedAsyncWrites() throws {
        let swift = "connection.asyncReadWrite({ _ in }, completionQueue: .main) { }"
        #expect(ScanFixtures.scan(swift).map(\.recipes.first) == ["ordered-async-writes"])
        let objc = "[connection asyncReadWriteWithBlock:^{} completionQueue:queue completionBlock:^{}];"
        #expect(ScanFixtures.scan(objc, .objc).first?.recipes.first == "ordered-async-writes")
    }

    /// The most searched callback, and its progress delegate, lead to `urlsession-data-task`.
    @Test func aDataTaskLeadsToURLSessionDataTask() throws {
        let swift = """
            URLSession.shared.dataTask(with: url) { data, response, error in }.resume()
            final class Loader: NSObject, URLSessionDataDelegate {}
            """
        #expect(ScanFixtures.scan(swift).map(\.recipes.first) == ["urlsession-data-task", "urlsession-data-task"])
        let objc = "[[NSURLSession sharedSession] dataTaskWithURL:url completionHandler:handler];"
        #expect(ScanFixtures.scan(objc, .objc).contains { $0.recipes.first == "urlsession-data-task" })
    }
}
