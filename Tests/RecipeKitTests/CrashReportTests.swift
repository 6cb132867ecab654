import RecipeKit
import Testing

/// The digest of a Swift crash report that a page shows.
@Suite struct CrashReportTests {
    static let report = """
        *** Program crashed: Illegal instruction at 0x00007f72d9aac2a2 ***

        Thread 3 crashed:

        0 0x00007f72d9aac2a2 _dispatch_assert_queue_fail + 98 in libdispatch.so
        1 [ra] 0x00007f72d9b1c4e0 _checkExpectedExecutor(_filenameStart:_filenameLength:_filenameIsASCII:_line:_executor:) + 80 in libswift_Concurrency.so
        2 [ra] [thunk] 0x0000562729cf6ef8 protocol witness for TransferDelegate.transfer(_:didReceive:) in conformance TransferModel + 71 in compare
        3 [ra] 0x0000562729cf7000 main + 12 in compare

        Registers:
        """

    @Test func theDigestKeepsTheTrapAndTheFramesDownToTheProgram() {
        #expect(
            CrashReport.digest(Self.report) == [
                "stderr: *** Program crashed: Illegal instruction at 0x… ***",
                "stderr: crashed thread, innermost frame first:",
                "stderr:   _dispatch_assert_queue_fail in libdispatch.so",
                "stderr:   _checkExpectedExecutor(…) in libswift_Concurrency.so",
                "stderr:   protocol witness for TransferDelegate.transfer(_:didReceive:)",
                "stderr:     in conformance TransferModel",
            ])
    }

    @Test func everyDigestLineFitsEightyColumns() {
        let long = "  " + String(repeating: "word ", count: 40)
        let report = "*** Program crashed: x ***\nThread 0 crashed:\n0 0x01 \(long) in compare\n"
        let digest = CrashReport.digest(report)
        #expect(digest.count > 3)
        for line in digest { #expect(line.count <= 80, "\(line)") }
        #expect(CrashReport.digest("no crash here").isEmpty)
    }
}
