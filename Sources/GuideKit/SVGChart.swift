import Foundation

/// Draws the performance page's charts as standalone SVG files: axes, units, a legend.
///
/// GitHub renders an SVG referenced from Markdown as an image, and an image needs no script or
/// style sheet, so every chart is plain SVG drawn here from the committed results; the same
/// numbers give the same bytes, which keeps `guide --check` exact.
enum SVGChart {
    /// The colours of the two sides, and a second shade of each for a second series.
    static let legacy = "#c4432b"
    static let legacyLight = "#e8a33d"
    static let modern = "#1f6feb"
    static let modernLight = "#2da44e"

    struct Series {
        let name: String
        let color: String
        var dashed = false
        let points: [(x: Double, y: Double)]
    }

    struct BarGroup {
        let label: String
        /// One bar per entry: the series name (for the legend), its colour, its value.
        let bars: [(series: String, color: String, value: Double)]
    }

    /// A line chart with logarithmic axes, for values that span several powers of ten.
    static func logLog(
        title: String, xLabel: String, yLabel: String, series: [Series],
        xFormat: (Double) -> String, yFormat: (Double) -> String
    ) -> String {
        let width = 800.0
        let height = 400.0
        let plot = (left: 84.0, top: 44.0, right: 530.0, bottom: 340.0)
        let xs = series.flatMap { $0.points.map(\.x) }
        let ys = series.flatMap { $0.points.map(\.y) }
        let xRange = decades(xs)
        let yRange = decades(ys)
        func px(_ x: Double) -> Double {
            plot.left + (log10(x) - xRange.lower) / (xRange.upper - xRange.lower) * (plot.right - plot.left)
        }
        func py(_ y: Double) -> Double {
            plot.bottom - (log10(y) - yRange.lower) / (yRange.upper - yRange.lower) * (plot.bottom - plot.top)
        }
        var svg = header(width: width, height: height, title: title)
        for power in Int(xRange.lower)...Int(xRange.upper) {
            let x = px(pow(10, Double(power)))
            svg.append(line(x, plot.top, x, plot.bottom, color: "#d0d7de"))
            svg.append(text(xFormat(pow(10, Double(power))), x: x, y: plot.bottom + 18, anchor: "middle"))
        }
        for power in Int(yRange.lower)...Int(yRange.upper) {
            let y = py(pow(10, Double(power)))
            svg.append(line(plot.left, y, plot.right, y, color: "#d0d7de"))
            svg.append(text(yFormat(pow(10, Double(power))), x: plot.left - 8, y: y + 4, anchor: "end"))
        }
        svg.append(line(plot.left, plot.bottom, plot.right, plot.bottom, color: "#57606a"))
        svg.append(line(plot.left, plot.top, plot.left, plot.bottom, color: "#57606a"))
        svg.append(text(xLabel, x: (plot.left + plot.right) / 2, y: height - 22, anchor: "middle"))
        svg.append(
            "<text x=\"18\" y=\"\(fmt((plot.top + plot.bottom) / 2))\" font-size=\"13\" text-anchor=\"middle\" "
                + "transform=\"rotate(-90 18 \(fmt((plot.top + plot.bottom) / 2)))\">\(escape(yLabel))</text>")
        for item in series where !item.points.isEmpty {
            let path = item.points.map { "\(fmt(px($0.x))),\(fmt(py($0.y)))" }.joined(separator: " ")
            let dash = item.dashed ? " stroke-dasharray=\"6 4\"" : ""
            svg.append(
                "<polyline points=\"\(path)\" fill=\"none\" stroke=\"\(item.color)\" stroke-width=\"2.5\"\(dash)/>")
            for point in item.points {
                svg.append(
                    "<circle cx=\"\(fmt(px(point.x)))\" cy=\"\(fmt(py(point.y)))\" r=\"3.5\" fill=\"\(item.color)\"/>")
            }
        }
        svg += legend(series.map { ($0.name, $0.color, $0.dashed) }, x: plot.right + 24, y: plot.top + 4)
        return svg.joined(separator: "\n") + "\n</svg>\n"
    }

    /// Horizontal bars, grouped by label, on a logarithmic or linear scale.
    static func bars(
        title: String, unit: String, groups: [BarGroup], logarithmic: Bool, format: (Double) -> String,
        reference: (value: Double, label: String)? = nil
    ) -> String {
        let barHeight = 13.0
        let groupGap = 12.0
        let plot = (left: 300.0, right: 640.0, top: 44.0)
        let perGroup = Double(groups.map(\.bars.count).max() ?? 1) * barHeight + groupGap
        let bottom = plot.top + Double(groups.count) * perGroup
        let height = bottom + 70
        let width = 760.0
        let values = groups.flatMap { $0.bars.map(\.value) } + (reference.map { [$0.value] } ?? [])
        let scale: (Double) -> Double
        var ticks: [Double] = []
        if logarithmic {
            let range = decades(values)
            scale = {
                plot.left + (log10(max($0, pow(10, range.lower))) - range.lower) / (range.upper - range.lower)
                    * (plot.right - plot.left)
            }
            ticks = (Int(range.lower)...Int(range.upper)).map { pow(10, Double($0)) }
        } else {
            let top = niceCeiling(values.max() ?? 1)
            scale = { plot.left + $0 / top * (plot.right - plot.left) }
            ticks = (0...4).map { top * Double($0) / 4 }
        }
        var svg = header(width: width, height: height, title: title)
        for tick in ticks {
            let x = scale(tick)
            svg.append(line(x, plot.top - 6, x, bottom, color: "#d0d7de"))
            svg.append(text(format(tick), x: x, y: bottom + 18, anchor: "middle"))
        }
        svg.append(text(unit, x: (plot.left + plot.right) / 2, y: bottom + 40, anchor: "middle"))
        for (index, group) in groups.enumerated() {
            let top = plot.top + Double(index) * perGroup
            let middle = top + Double(group.bars.count) * barHeight / 2
            svg.append(text(group.label, x: plot.left - 10, y: middle + 4, anchor: "end"))
            for (position, bar) in group.bars.enumerated() {
                let y = top + Double(position) * barHeight
                let start = logarithmic ? scale(ticks.first ?? 1) : plot.left
                let end = scale(bar.value)
                svg.append(
                    "<rect x=\"\(fmt(start))\" y=\"\(fmt(y))\" width=\"\(fmt(max(end - start, 1)))\" "
                        + "height=\"\(fmt(barHeight - 2))\" fill=\"\(bar.color)\"/>")
                svg.append(text(format(bar.value), x: end + 5, y: y + barHeight - 3, anchor: "start", size: 11))
            }
        }
        if let reference {
            let x = scale(reference.value)
            svg.append(
                "<line x1=\"\(fmt(x))\" y1=\"\(fmt(plot.top - 10))\" x2=\"\(fmt(x))\" y2=\"\(fmt(bottom))\" "
                    + "stroke=\"#57606a\" stroke-width=\"1.5\" stroke-dasharray=\"4 3\"/>")
            svg.append(text(reference.label, x: x, y: plot.top - 14, anchor: "middle", size: 11))
        }
        var seen: [String] = []
        var entries: [(String, String, Bool)] = []
        for bar in groups.flatMap(\.bars) where !seen.contains(bar.series) {
            seen.append(bar.series)
            entries.append((bar.series, bar.color, false))
        }
        svg += legend(entries, x: plot.right + 28, y: plot.top)
        return svg.joined(separator: "\n") + "\n</svg>\n"
    }

    // MARK: Pieces

    private static func header(width: Double, height: Double, title: String) -> [String] {
        [
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(fmt(width))\" height=\"\(fmt(height))\" "
                + "viewBox=\"0 0 \(fmt(width)) \(fmt(height))\" font-family=\"Helvetica, Arial, sans-serif\" "
                + "fill=\"#1f2328\">",
            "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>",
            "<text x=\"\(fmt(width / 2))\" y=\"24\" font-size=\"15\" font-weight=\"bold\" text-anchor=\"middle\">"
                + "\(escape(title))</text>",
        ]
    }

    private static func legend(
        _ entries: [(name: String, color: String, dashed: Bool)], x: Double, y: Double
    ) -> [String] {
        var svg: [String] = []
        for (index, entry) in entries.enumerated() {
            let top = y + Double(index) * 20
            let dash = entry.dashed ? " stroke-dasharray=\"6 4\"" : ""
            svg.append(
                "<line x1=\"\(fmt(x))\" y1=\"\(fmt(top + 6))\" x2=\"\(fmt(x + 22))\" y2=\"\(fmt(top + 6))\" "
                    + "stroke=\"\(entry.color)\" stroke-width=\"3\"\(dash)/>")
            svg.append(text(entry.name, x: x + 28, y: top + 10, anchor: "start", size: 12))
        }
        return svg
    }

    private static func line(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, color: String) -> String {
        "<line x1=\"\(fmt(x1))\" y1=\"\(fmt(y1))\" x2=\"\(fmt(x2))\" y2=\"\(fmt(y2))\" stroke=\"\(color)\" stroke-width=\"1\"/>"
    }

    private static func text(_ string: String, x: Double, y: Double, anchor: String, size: Int = 12) -> String {
        "<text x=\"\(fmt(x))\" y=\"\(fmt(y))\" font-size=\"\(size)\" text-anchor=\"\(anchor)\">\(escape(string))</text>"
    }

    /// The whole powers of ten that enclose every value.
    static func decades(_ values: [Double]) -> (lower: Double, upper: Double) {
        let positive = values.filter { $0 > 0 && $0.isFinite }
        guard let smallest = positive.min(), let largest = positive.max() else { return (0, 1) }
        let lower = floor(log10(smallest))
        let upper = max(ceil(log10(largest)), lower + 1)
        return (lower, upper)
    }

    /// 1, 2 or 5 times a power of ten, at least `value`.
    static func niceCeiling(_ value: Double) -> Double {
        guard value > 0 else { return 1 }
        let power = pow(10, floor(log10(value)))
        for step in [1.0, 2, 2.5, 5, 10] where step * power >= value { return step * power }
        return 10 * power
    }

    /// Coordinates with at most one decimal, so the output is stable and small.
    static func fmt(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }
}
