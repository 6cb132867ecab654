import Foundation
import ScanKit
import Testing

/// Missing paths, unreadable and binary files, link loops, invalid UTF-8 and one very long line.
@Suite struct BadInputTests {
    @Test func aMissingPathIsAUsageError() {
        #expect(throws: ScanError("no such file or directory: /no/such/place")) {
            try ScanFixtures.scanner.scan(paths: ["/no/such/place"])
        }
    }

    @Test func anUnreadableFileIsReportedAndTheScanGoesOn() throws {
        try ScanFixtures.withTemporaryFolder { directory in
            // Tests run as root, so a mode-000 file would still be readable: a dangling link is not.
            try FileManager.default.createSymbolicLink(
                atPath: directory.appendingPathComponent("Gone.swift").path, withDestinationPath: "/no/such/file")
            try "let g = DispatchGroup()\n".write(
                to: directory.appendingPathComponent("Live.swift"), atomically: true, encoding: .utf8)
            let result = try ScanFixtures.scanner.scan(paths: [directory.path])
            #expect(result.skipped.map(\.path) == [directory.appendingPathComponent("Gone.swift").path])
            #expect(result.skipped.first?.reason.hasPrefix("unreadable") == true)
            #expect(result.findings.map(\.api) == ["DispatchGroup"])
        }
    }

    @Test func aFifoIsNotOpened() throws {
        try ScanFixtures.withTemporaryFolder { directory in
            let path = directory.appendingPathComponent("Pipe.swift").path
            #expect(mkfifo(path, 0o644) == 0)
            let result = try ScanFixtures.scanner.scan(paths: [directory.path])
            #expect(result.skipped == [SkippedFile(path: path, reason: "not a regular file")])
        }
    }

    @Test func binaryFilesAreSkipped() throws {
        try ScanFixtures.withTemporaryFolder { directory in
            var bytes = Array("DispatchGroup()".utf8)
            bytes += [0, 1, 2, 0xFF]
            try Data(bytes).write(to: directory.appendingPathComponent("Blob.m"))
            let result = try ScanFixtures.scanner.scan(paths: [directory.path])
            #expect(result.findings.isEmpty)
            #expect(result.skipped.map(\.reason) == ["binary"])
            #expect(result.filesScanned == 0)
        }
    }

    @Test func aSymbolicLinkLoopEnds() throws {
        try ScanFixtures.withTemporaryFolder { directory in
            let inner = directory.appendingPathComponent("Inner")
            try FileManager.default.createDirectory(at: inner, withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(
                atPath: inner.appendingPathComponent("Loop").path, withDestinationPath: directory.path)
            try "let l = NSLock()\n".write(
                to: inner.appendingPathComponent("Lock.swift"), atomically: true, encoding: .utf8)
            let result = try ScanFixtures.scanner.scan(paths: [directory.path])
            #expect(result.findings.map(\.api) == ["NSLock"])
            #expect(result.filesScanned == 1)
        }
    }

    @Test func invalidUTF8IsReadLossily() throws {
        try ScanFixtures.withTemporaryFolder { directory in
            var bytes = Array("let s = \"caf".utf8) + [0xE9, 0x22] + Array("\nlet x\u{FF} = 1 ".utf8)
            bytes += [0xC3, 0x28] + Array(" ; let g = DispatchGroup()\n".utf8)
            try Data(bytes).write(to: directory.appendingPathComponent("Latin1.swift"))
            let result = try ScanFixtures.scanner.scan(paths: [directory.path])
            #expect(result.findings.map { "\($0.line) \($0.api)" } == ["2 DispatchGroup"])
        }
    }

    @Test func aLongSingleLineFileIsScannedToItsEnd() throws {
        try ScanFixtures.withTemporaryFolder { directory in
            // About 1 MB on one line, with an unterminated string and deep parentheses on the way.
            var text = String(repeating: "let a = f((((x)))) + \"s\" ; ", count: 30_000)
            text += String(repeating: "(", count: 10_000) + " \"open "
            text += String(repeating: "y = g(z) ; ", count: 20_000)
            let path = directory.appendingPathComponent("Minified.swift")
            try (text + "\nDispatchQueue.main.async { }").write(to: path, atomically: true, encoding: .utf8)
            let result = try ScanFixtures.scanner.scan(paths: [path.path])
            #expect(result.findings.map { "\($0.line) \($0.api)" } == ["2 DispatchQueue.main.async"])
            #expect(result.linesScanned == 2)
        }
    }

    @Test func aFileGivenByNameIsReadWhateverItsDirectory() throws {
        try ScanFixtures.withTemporaryFolder { directory in
            let hidden = directory.appendingPathComponent(".hidden")
            try FileManager.default.createDirectory(at: hidden, withIntermediateDirectories: true)
            let file = hidden.appendingPathComponent("Timer.swift")
            try "Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { _ in }".write(
                to: file, atomically: true, encoding: .utf8)
            #expect(try ScanFixtures.scanner.scan(paths: [directory.path]).findings.isEmpty)
            #expect(try ScanFixtures.scanner.scan(paths: [file.path]).findings.map(\.api) == ["Timer.scheduledTimer"])
        }
    }
}
