import ScanKit
import Testing

/// A client's table of completions by request id leads to `pending-replies`, in both languages.
@Suite struct PendingRepliesScanTests {
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
}
