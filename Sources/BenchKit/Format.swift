import Foundation

/// Numbers as a person reads them, one way everywhere: `bench`'s tables, the performance page and
/// its charts.
///
/// Two or three significant digits and no more ("4.9 ns", "52 ns", "1.3 µs", "1.40 s"): the runs
/// behind these numbers vary by more than a third digit, so printing one would be false precision.
/// Bytes are decimal (1 MB = 10⁶ bytes), so a chart's powers of ten read 1 MB, 10 MB, 100 MB.
public enum Format {
    /// "4.9 ns", "52 ns", "1.3 µs", "11 µs", "1.0 ms", "45 ms", "1.40 s", "12 s".
    public static func nanoseconds(_ value: Double) -> String {
        switch value {
        case ..<10: String(format: "%.1f ns", value)
        case ..<1_000: String(format: "%.0f ns", value)
        case ..<10_000: String(format: "%.1f µs", value / 1e3)
        case ..<1_000_000: String(format: "%.0f µs", value / 1e3)
        case ..<10_000_000: String(format: "%.1f ms", value / 1e6)
        case ..<1_000_000_000: String(format: "%.0f ms", value / 1e6)
        case ..<10_000_000_000: String(format: "%.2f s", value / 1e9)
        default: String(format: "%.0f s", value / 1e9)
        }
    }

    /// A duration in seconds, in the unit that suits it.
    public static func seconds(_ value: Double) -> String {
        nanoseconds(value * 1e9)
    }

    /// "900 KB", "26 MB", "1 GB", "2.7 GB".
    public static func bytes(_ value: Double) -> String {
        switch value {
        case ..<1e6: return String(format: "%.0f KB", value / 1e3)
        case ..<1e9: return String(format: "%.0f MB", value / 1e6)
        default:
            let gigabytes = value / 1e9
            let whole = (gigabytes * 10).rounded() == gigabytes.rounded() * 10
            return String(format: gigabytes < 10 && !whole ? "%.1f GB" : "%.0f GB", gigabytes)
        }
    }

    /// `bytes(_:)` for a byte count.
    public static func bytes(_ value: Int) -> String {
        bytes(Double(value))
    }

    /// "0.51×", "4.94×", "13×". A legacy/modern ratio is always modern ÷ legacy, time for time.
    public static func ratio(_ value: Double) -> String {
        String(format: value < 10 ? "%.2f×" : "%.0f×", value)
    }

    /// "1,000,000".
    public static func count(_ value: Int) -> String {
        let digits = Array(String(value))
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return result
    }

    /// "1M", "100k", "10": a count on a chart's axis.
    public static func shortCount(_ value: Int) -> String {
        switch value {
        case 1_000_000...: "\(value / 1_000_000)M"
        case 1_000...: "\(value / 1_000)k"
        default: "\(value)"
        }
    }

    /// `text` padded with spaces to `width` characters (left-aligned, or right-aligned).
    static func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
        let padding = String(repeating: " ", count: max(0, width - text.count))
        return right ? padding + text : text + padding
    }
}
