import Foundation

/// Numbers as a person reads them: nanoseconds, seconds, bytes and ratios with their units.
enum Format {
    /// "48.2 ns", "1.23 µs", "4.56 ms", "1.20 s".
    static func nanoseconds(_ value: Double) -> String {
        switch value {
        case ..<1_000: String(format: "%.1f ns", value)
        case ..<1_000_000: String(format: "%.2f µs", value / 1e3)
        case ..<1_000_000_000: String(format: "%.2f ms", value / 1e6)
        default: String(format: "%.2f s", value / 1e9)
        }
    }

    /// A duration in seconds, in the unit that suits it.
    static func seconds(_ value: Double) -> String {
        nanoseconds(value * 1e9)
    }

    /// "12 MB", "2.7 GB" (powers of 1,024).
    static func bytes(_ value: Int) -> String {
        let megabytes = Double(value) / Double(1 << 20)
        if megabytes < 1_024 { return String(format: "%.0f MB", megabytes) }
        return String(format: "%.1f GB", megabytes / 1_024)
    }

    /// "1.99×".
    static func ratio(_ value: Double) -> String {
        String(format: "%.2f×", value)
    }

    /// "1,000,000".
    static func count(_ value: Int) -> String {
        let digits = Array(String(value))
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return result
    }

    /// `text` padded with spaces to `width` characters (left-aligned, or right-aligned).
    static func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
        let padding = String(repeating: " ", count: max(0, width - text.count))
        return right ? padding + text : text + padding
    }
}
