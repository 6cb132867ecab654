import ScanKit
import Testing

/// Comments, strings and dead conditional blocks never match, in either language; code around
/// them still does, at the right line and column.
@Suite struct BlankingTests {
    func apis(_ source: String, _ language: SourceLanguage = .swift) -> [String] {
        ScanFixtures.scan(source, language).map { "\($0.line):\($0.column) \($0.api)" }
    }

    @Test func swiftCommentsAndStringsNeverMatch() {
        let source = """
            // DispatchQueue.main.async { }
            /* DispatchGroup() /* nested NSLock() */ DispatchSemaphore(value: 0) */
            let a = "DispatchQueue.main.async"
            let b = #"raw "DispatchGroup()" \\(NSLock())"#
            let c = \"""
                DispatchQueue.main.sync { }
                \"""
            let d = "escaped \\" DispatchGroup() \\(value("nested DispatchGroup()")) NSLock()"
            let e = ##"a "# DispatchGroup() "##
            let f = NSLock()
            """
        #expect(apis(source) == ["10:9 NSLock"])
    }

    @Test func objcCommentsStringsAndCharactersNeverMatch() {
        let source = """
            // dispatch_async(dispatch_get_main_queue(), ^{});
            /* [NSLock new] */ NSString *s = @"dispatch_sync(q, ^{})"; char q = '"';
            char *t = "NSLock"; dispatch_async(queue, ^{ });
            """
        #expect(apis(source, .objc) == ["3:21 DispatchQueue.async"])
    }

    @Test func deadConditionalBlocksAreSkippedAndLiveOnesRead() {
        let swift = """
            #if false
            DispatchQueue.main.async { }
            #else
            let lock = NSLock()
            #endif
            #if os(iOS)
            let group = DispatchGroup()
            #endif
            """
        #expect(apis(swift) == ["4:12 NSLock", "7:13 DispatchGroup"])
        let objc = "#if 0\ndispatch_once(&t, ^{});\n#endif\n#ifdef DEBUG\ndispatch_once(&t, ^{});\n#endif"
        #expect(apis(objc, .objc) == ["5:1 dispatch_once"])
    }

    @Test func aStrayQuoteEndsAtTheEndOfItsLine() {
        #expect(apis("let s = \"unterminated\nlet g = DispatchGroup()") == ["2:9 DispatchGroup"])
    }

    @Test func columnsCountCharactersNotBytes() {
        #expect(apis("let é = 1; let ü = DispatchGroup()") == ["1:20 DispatchGroup"])
    }

    @Test func aNameTheFileDeclaresItselfIsNotTheLegacyType() {
        let source = "typealias Operation = @Sendable () -> Void\nlet op: Operation = {}\nlet q = OperationQueue()"
        #expect(apis(source) == ["3:9 OperationQueue"])
    }
}
