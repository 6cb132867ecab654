import Foundation
import Testing

@testable import ScanKit

/// Files are scanned on several threads; what comes out is what one thread gives, in path order.
@Suite struct ParallelScanTests {
    /// A folder whose first file is by far the largest, so that on several threads the small ones
    /// after it finish first; with a binary and a dangling link among them, so skips keep their
    /// place too.
    func withMixedFolder(_ body: (URL) throws -> Void) throws {
        try ScanFixtures.withTemporaryFolder { folder in
            let big = String(repeating: "func f() { DispatchQueue.main.async { g() } }\n", count: 600)
            try big.write(to: folder.appendingPathComponent("A0.swift"), atomically: true, encoding: .utf8)
            for index in 1..<50 {
                let text =
                    index.isMultiple(of: 2)
                    ? "let group\(index) = DispatchGroup()\nfunc w\(index)() { group\(index).wait() }\n"
                    : "- (void)run { dispatch_async(dispatch_get_main_queue(), ^{ [self go:\(index)]; }); }\n"
                let name = String(format: "B%03d.", index) + (index.isMultiple(of: 2) ? "swift" : "m")
                try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
            }
            // Only blanking hides these: a kept file must have been blanked.
            try "// DispatchQueue.main.async { }\nlet s = \"DispatchGroup()\"\n"
                .write(to: folder.appendingPathComponent("B050.swift"), atomically: true, encoding: .utf8)
            try Data([0x44, 0, 1, 2]).write(to: folder.appendingPathComponent("B020x.m"))
            try FileManager.default.createSymbolicLink(
                atPath: folder.appendingPathComponent("B040x.swift").path, withDestinationPath: "/no/such/file")
            try body(folder)
        }
    }

    @Test func severalThreadsGiveWhatOneGivesInPathOrder() throws {
        try withMixedFolder { folder in
            let one = try SourceScanner(table: ScanFixtures.scanner.table, jobs: 1).scan(paths: [folder.path])
            let four = try SourceScanner(table: ScanFixtures.scanner.table, jobs: 4).scan(paths: [folder.path])
            // A finding per line of the big file, one per Objective-C file, two per Swift file.
            #expect(one.findings.count == 600 + 25 + 24 * 2)
            // Compared as a whole, but reported by the first difference: the arrays are long.
            let differ = one.findings.indices.first {
                $0 < four.findings.count && four.findings[$0] != one.findings[$0]
            }
            #expect(four.findings.count == one.findings.count)
            #expect(differ == nil, "first difference at \(differ ?? 0): \(differ.map { four.findings[$0].path } ?? "")")
            #expect(four.skipped == one.skipped)
            #expect(one.skipped.map(\.reason).first == "binary")
            #expect(one.skipped.map { URL(fileURLWithPath: $0.path).lastPathComponent } == ["B020x.m", "B040x.swift"])
            #expect(four.filesScanned == one.filesScanned)
            #expect(four.linesScanned == one.linesScanned)
            #expect(four.tally.findings == one.tally.findings)
            let paths = one.findings.map(\.path)
            #expect(paths == paths.sorted())
        }
    }

    /// A name declared in one file types a use in another, whichever thread read which.
    @Test func declarationsReadOnSeveralThreadsStillTypeOtherFiles() throws {
        try withMixedFolder { folder in
            try "extension Store {\n    func read() -> Int { self.queue.sync { 1 } }\n}\n"
                .write(to: folder.appendingPathComponent("Z1.swift"), atomically: true, encoding: .utf8)
            try "final class Store {\n    let queue = DispatchQueue(label: \"store\")\n}\n"
                .write(to: folder.appendingPathComponent("Z2.swift"), atomically: true, encoding: .utf8)
            let four = try SourceScanner(table: ScanFixtures.scanner.table, jobs: 4).scan(paths: [folder.path])
            #expect(four.findings.contains { $0.path.hasSuffix("Z1.swift") && $0.api == "DispatchQueue.sync" })
        }
    }

    /// The first pass keeps the blanked Swift files it read, up to a budget, and the scan uses them
    /// instead of reading them again: with none kept, some or all, the findings are the same.
    @Test func filesKeptFromTheFirstPassScanAsIfReadAgain() throws {
        try withMixedFolder { folder in
            var results: [ScanResult] = []
            for budget in [0, 2_000, 1 << 30] {
                var scanner = SourceScanner(table: ScanFixtures.scanner.table, jobs: 2)
                scanner.keptBytes = budget
                results.append(try scanner.scan(paths: [folder.path]))
            }
            for result in results.dropFirst() {
                #expect(result.findings.count == results[0].findings.count)
                let same = result.findings == results[0].findings
                #expect(same, "differs from a scan that kept no file")
                #expect(result.skipped == results[0].skipped)
                #expect(result.linesScanned == results[0].linesScanned)
            }
        }
    }
}
