import Foundation
import ScanKit
import Testing

/// A receiver typed by a declaration in another file of the same folder.
@Suite struct CrossFileTests {
    /// Writes `files` into a new folder, scans it, and removes it.
    func scan(_ files: [String: String], only: String? = nil) throws -> [String] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scan-module-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, text) in files {
            try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        let path = only.map { folder.appendingPathComponent($0).path } ?? folder.path
        return try ScanFixtures.scanner.scan(paths: [path]).findings.map {
            "\(($0.path as NSString).lastPathComponent):\($0.line):\($0.api)"
        }.sorted()
    }

    static let store = "final class PhotoStore {\n    let queue = DispatchQueue(label: \"store\")\n}\n"
    static let reader = """
        extension PhotoStore {
            func photos() -> [Photo] {
                self.queue.sync { cached }
            }
        }
        """

    @Test func aQueueDeclaredInAnotherFileIsFound() throws {
        let found = try scan(["PhotoStore.swift": Self.store, "PhotoStore+Read.swift": Self.reader])
        #expect(found.contains("PhotoStore+Read.swift:3:DispatchQueue.sync"))
        // The same file scanned on its own can't know what `queue` is.
        let alone = try scan(["PhotoStore.swift": Self.store, "PhotoStore+Read.swift": Self.reader], only: "PhotoStore+Read.swift")
        #expect(!alone.contains { $0.hasSuffix("DispatchQueue.sync") })
    }

    @Test func aNameTwoFilesDeclareWithDifferentTypesStaysUntyped() throws {
        let other = "final class Uploads {\n    let queue = OperationQueue()\n}\n"
        let found = try scan(["PhotoStore.swift": Self.store, "Uploads.swift": other, "PhotoStore+Read.swift": Self.reader])
        #expect(!found.contains { $0.hasPrefix("PhotoStore+Read.swift") && $0.hasSuffix("DispatchQueue.sync") })
        #expect(found.contains { $0.hasPrefix("PhotoStore.swift:2:") }, "each file keeps its own declaration")
    }
}
