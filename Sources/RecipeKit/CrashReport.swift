import Foundation

/// The part of a Swift crash report that a guide page can show: what trapped, and where.
///
/// A child process started with `ChildProcess.run(…, crashReport: true)` keeps the Swift runtime's
/// backtracer on (`ChildProcess` turns it off for every other demonstration), writing to standard
/// error. The report holds addresses, thread ids and timings that change from run to run, so only
/// a digest is kept: the "Program crashed" line with its address masked, and the crashed thread's
/// innermost frames (symbol and library, no address or offset) down to the first frame in the
/// program itself, which is the code that trapped. Each line is prefixed `stderr: `.
public enum CrashReport {
    /// The `SWIFT_BACKTRACE` setting for a child whose crash report is wanted: plain text on
    /// standard error, the crashed thread only, no registers or images.
    public static let backtraceSetting =
        "enable=yes,interactive=no,color=no,threads=crashed,registers=none,images=none,"
        + "sanitize=yes,output-to=stderr,limit=16"

    /// Whether a child built like this process can produce a report. Not under ThreadSanitizer:
    /// there the backtracer's crash handler starts its helper from the signal handler, which trips
    /// a sanitizer check, and the child exits with status 66 instead of dying of its signal. A
    /// demonstration child is the `compare` built next to this process, so it is sanitized exactly
    /// when this process is.
    public static let isAvailable: Bool = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__tsan_init") == nil

    /// The most frames the digest keeps.
    public static let frameLimit = 8

    /// The digest of a crash report, or an empty array when `text` holds none.
    public static func digest(_ text: String) -> [String] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let crashed = lines.firstIndex(where: { $0.hasPrefix("*** Program crashed:") }) else { return [] }
        var digest = [maskAddresses(lines[crashed])]
        guard let thread = lines[crashed...].firstIndex(where: { $0.hasPrefix("Thread ") && $0.hasSuffix(" crashed:") })
        else { return digest.map { "stderr: " + $0 } }
        digest.append("crashed thread, innermost frame first:")
        for line in lines[(thread + 1)...] {
            guard let frame = frame(line) else {
                if line.trimmingPrefixWhitespace.isEmpty { continue }
                break
            }
            digest += wrapped(
                "  " + (frame.library.hasSuffix(".so") || frame.library.contains(".so.")
                    ? "\(shortened(frame.symbol)) in \(frame.library)" : frame.symbol))
            if !(frame.library.contains(".so")) || digest.count - 2 >= frameLimit { break }
        }
        return digest.map { "stderr: " + $0 }
    }

    /// A frame line, `  5 [ra] [thunk] 0x0000562729cf6ef8 closure #2 in f() + 71 in trap`, as its
    /// symbol and library.
    static func frame(_ line: String) -> (symbol: String, library: String)? {
        var words = line.split(separator: " ", omittingEmptySubsequences: true)
        guard let first = words.first, Int(first) != nil else { return nil }
        words.removeFirst()
        while let word = words.first, word.hasPrefix("[") { words.removeFirst() }
        guard let address = words.first, address.hasPrefix("0x") else { return nil }
        words.removeFirst()
        let rest = words.joined(separator: " ")
        guard let inRange = rest.range(of: " in ", options: .backwards) else { return (rest, "") }
        let library = String(rest[inRange.upperBound...])
        var symbol = String(rest[..<inRange.lowerBound])
        if let plus = symbol.range(of: " + ", options: .backwards),
            symbol[plus.upperBound...].allSatisfy(\.isNumber)
        {
            symbol = String(symbol[..<plus.lowerBound])
        }
        return (symbol, library)
    }

    /// A runtime function's symbol without its argument labels when they make it long:
    /// `_checkExpectedExecutor(_filenameStart:…:_executor:)` becomes `_checkExpectedExecutor(…)`,
    /// so that the digest's line fits a page's code block.
    static func shortened(_ symbol: String) -> String {
        guard symbol.count > 48, let open = symbol.firstIndex(of: "("), symbol.hasSuffix(")") else { return symbol }
        return symbol[..<open] + "(…)"
    }

    /// The widest frame line, so that `stderr: ` and the line fit an 80-column code block.
    static let lineLimit = 72

    /// A frame line longer than `lineLimit`, split before its last ` in ` that leaves the first
    /// part short enough (else at its last space there), the rest indented:
    /// `protocol witness for P.f() in conformance T` keeps `in conformance T` on a line of its own.
    static func wrapped(_ line: String) -> [String] {
        guard line.count > lineLimit else { return [line] }
        let head = line.prefix(lineLimit)
        // Past the indentation, so that the rest is shorter than the line.
        let text = head.index(head.startIndex, offsetBy: 5)
        let cut =
            head[text...].range(of: " in ", options: .backwards).map(\.lowerBound)
            ?? head[text...].lastIndex(of: " ")
        guard let cut else { return [line] }
        return [String(line[..<cut])] + wrapped("    " + line[cut...].drop(while: { $0 == " " }))
    }

    /// `at 0x00007f72d9aac2a2` becomes `at 0x…`.
    static func maskAddresses(_ line: String) -> String {
        line.split(separator: " ", omittingEmptySubsequences: false)
            .map { $0.hasPrefix("0x") ? "0x…" : String($0) }
            .joined(separator: " ")
    }
}

extension String {
    fileprivate var trimmingPrefixWhitespace: Substring { drop(while: \.isWhitespace) }
}
