import Foundation

/// Draws the performance page's charts as standalone SVG files: axes, units, a legend.
///
/// GitHub renders an SVG referenced from Markdown as an image, and an image needs no script or
/// style sheet, so every chart is plain SVG drawn here from the committed results; the same
/// numbers give the same bytes, which keeps `guide --check` exact. Every chart uses one colour for
/// legacy and one for modern (blue and vermillion from the Okabe–Ito palette, told apart with any
/// colour vision); a second series of the same side is dashed, never another colour. Tick labels
/// carry `data-axis` and `data-scale`, so a test can check each label against its position.
enum SVGChart {
    static let legacy = "#D55E00"
    static let modern = "#0072B2"

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

    /// A line chart with logarithmic axes, for values that span several powers of ten. The legend
    /// goes under the plot, one entry per line, so long series names are never cut off.
    static func logLog(
        title: String, xLabel: String, yLabel: String, series: [Series],
        xFormat: (Double) -> String, yFormat: (Double) -> String
    ) -> String {
        let width = 800.0
        let plot = (left: 84.0, top: 44.0, right: 760.0, bottom: 340.0)
        let height = plot.bottom + 64 + Double(series.count) * 20
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
            svg.append(tick(xFormat(pow(10, Double(power))), x: x, y: plot.bottom + 18, axis: "x", scale: "log"))
        }
        for power in Int(yRange.lower)...Int(yRange.upper) {
            let y = py(pow(10, Double(power)))
            svg.append(line(plot.left, y, plot.right, y, color: "#d0d7de"))
            svg.append(tick(yFormat(pow(10, Double(power))), x: plot.left - 8, y: y, axis: "y", scale: "log"))
        }
        svg.append(line(plot.left, plot.bottom, plot.right, plot.bottom, color: "#57606a"))
        svg.append(line(plot.left, plot.top, plot.left, plot.bottom, color: "#57606a"))
        svg.append(text(xLabel, x: (plot.left + plot.right) / 2, y: plot.bottom + 38, anchor: "middle"))
        svg.append(
            "<text x=\"18\" y=\"\(fmt((plot.top + plot.bottom) / 2))\" font-size=\"13\" text-anchor=\"middle\" "
                + "transform=\"rotate(-90 18 \(fmt((plot.top + plot.bottom) / 2)))\">\(escape(yLabel))</text>")
        for item in series where !item.points.isEmpty {
            let path = item.points.map { "\(fmt(px($0.x))),\(fmt(py($0.y)))" }.joined(separator: " ")
            let dash = item.dashed ? " stroke-dasharray=\"7 4\"" : ""
            svg.append(
                "<polyline points=\"\(path)\" fill=\"none\" stroke=\"\(item.color)\" stroke-width=\"2.5\"\(dash)/>")
            for point in item.points {
                svg.append(marker(x: px(point.x), y: py(point.y), color: item.color, square: item.dashed))
            }
        }
        svg += legend(series.map { ($0.name, $0.color, $0.dashed) }, x: plot.left, y: plot.bottom + 56)
        return svg.joined(separator: "\n") + "\n</svg>\n"
    }

    /// Horizontal bars, grouped by label, on a logarithmic or linear scale.
    ///
    /// Labels wrap onto as many lines as they need (never truncated); value labels have a white
    /// halo, so a reference line behind them never makes them unreadable.
    static func bars(
        title: String, unit: String, groups: [BarGroup], logarithmic: Bool, format: (Double) -> String,
        reference: (value: Double, label: String)? = nil
    ) -> String {
        let barHeight = 14.0
        let lineHeight = 14.0
        let groupGap = 12.0
        let plot = (left: 300.0, right: 640.0, top: 50.0)
        let labels = groups.map { wrap($0.label, width: 44) }
        var tops: [Double] = []
        var bottom = plot.top
        for (group, lines) in zip(groups, labels) {
            tops.append(bottom)
            bottom += max(Double(group.bars.count) * barHeight, Double(lines.count) * lineHeight) + groupGap
        }
        let height = bottom + 56
        let width = 800.0
        let values = groups.flatMap { $0.bars.map(\.value) } + (reference.map { [$0.value] } ?? [])
        let scale: (Double) -> Double
        let ticks: [Double]
        if logarithmic {
            let range = decades(values)
            scale = {
                plot.left + (log10(max($0, pow(10, range.lower))) - range.lower) / (range.upper - range.lower)
                    * (plot.right - plot.left)
            }
            ticks = (Int(range.lower)...Int(range.upper)).map { pow(10, Double($0)) }
        } else {
            ticks = linearTicks(upTo: values.max() ?? 1)
            let top = ticks.last ?? 1
            scale = { plot.left + $0 / top * (plot.right - plot.left) }
        }
        var svg = header(width: width, height: height, title: title)
        for value in ticks {
            let x = scale(value)
            svg.append(line(x, plot.top - 6, x, bottom, color: "#d0d7de"))
            svg.append(
                tick(format(value), x: x, y: bottom + 18, axis: "x", scale: logarithmic ? "log" : "linear"))
        }
        svg.append(text(unit, x: (plot.left + plot.right) / 2, y: bottom + 40, anchor: "middle"))
        for (index, group) in groups.enumerated() {
            let top = tops[index]
            let lines = labels[index]
            let rowHeight = max(Double(group.bars.count) * barHeight, Double(lines.count) * lineHeight)
            let firstBaseline = top + (rowHeight - Double(lines.count) * lineHeight) / 2 + 11
            for (number, labelLine) in lines.enumerated() {
                svg.append(
                    text(labelLine, x: plot.left - 10, y: firstBaseline + Double(number) * lineHeight, anchor: "end"))
            }
            let barsTop = top + (rowHeight - Double(group.bars.count) * barHeight) / 2
            for (position, bar) in group.bars.enumerated() {
                let y = barsTop + Double(position) * barHeight
                let start = logarithmic ? scale(ticks.first ?? 1) : plot.left
                let end = scale(bar.value)
                svg.append(
                    "<rect x=\"\(fmt(start))\" y=\"\(fmt(y))\" width=\"\(fmt(max(end - start, 1)))\" "
                        + "height=\"\(fmt(barHeight - 2))\" fill=\"\(bar.color)\"/>")
                svg.append(
                    "<text x=\"\(fmt(end + 5))\" y=\"\(fmt(y + barHeight - 3))\" font-size=\"11\" "
                        + "text-anchor=\"start\" stroke=\"#ffffff\" stroke-width=\"4\" paint-order=\"stroke\">"
                        + "\(escape(format(bar.value)))</text>")
            }
        }
        if let reference {
            let x = scale(reference.value)
            svg.insert(
                "<line x1=\"\(fmt(x))\" y1=\"\(fmt(plot.top - 10))\" x2=\"\(fmt(x))\" y2=\"\(fmt(bottom))\" "
                    + "stroke=\"#57606a\" stroke-width=\"1.5\" stroke-dasharray=\"4 3\"/>", at: 3)
            svg.append(text(reference.label, x: x, y: plot.top - 14, anchor: "middle", size: 11))
        }
        var seen: [String] = []
        var entries: [(String, String, Bool)] = []
        for bar in groups.flatMap(\.bars) where !seen.contains(bar.series) {
            seen.append(bar.series)
            entries.append((bar.series, bar.color, false))
        }
        svg += legend(entries, x: plot.right + 70, y: plot.top)
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
            let dash = entry.dashed ? " stroke-dasharray=\"7 4\"" : ""
            svg.append(
                "<line x1=\"\(fmt(x))\" y1=\"\(fmt(top + 6))\" x2=\"\(fmt(x + 30))\" y2=\"\(fmt(top + 6))\" "
                    + "stroke=\"\(entry.color)\" stroke-width=\"3\"\(dash)/>")
            svg.append(text(entry.name, x: x + 36, y: top + 10, anchor: "start", size: 12))
        }
        return svg
    }

    /// A circle for a solid series, a square for a dashed one: the shape tells them apart too.
    private static func marker(x: Double, y: Double, color: String, square: Bool) -> String {
        square
            ? "<rect x=\"\(fmt(x - 3.5))\" y=\"\(fmt(y - 3.5))\" width=\"7\" height=\"7\" fill=\"\(color)\"/>"
            : "<circle cx=\"\(fmt(x))\" cy=\"\(fmt(y))\" r=\"3.5\" fill=\"\(color)\"/>"
    }

    private static func line(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, color: String) -> String {
        "<line x1=\"\(fmt(x1))\" y1=\"\(fmt(y1))\" x2=\"\(fmt(x2))\" y2=\"\(fmt(y2))\" stroke=\"\(color)\" stroke-width=\"1\"/>"
    }

    private static func text(_ string: String, x: Double, y: Double, anchor: String, size: Int = 12) -> String {
        "<text x=\"\(fmt(x))\" y=\"\(fmt(y))\" font-size=\"\(size)\" text-anchor=\"\(anchor)\">\(escape(string))</text>"
    }

    /// A tick label at the exact position of its value: centred under an x tick, beside a y tick.
    private static func tick(_ label: String, x: Double, y: Double, axis: String, scale: String) -> String {
        let anchor = axis == "x" ? "middle" : "end"
        let baseline = axis == "x" ? y : y + 4
        return "<text x=\"\(fmt(x))\" y=\"\(fmt(baseline))\" font-size=\"12\" text-anchor=\"\(anchor)\" "
            + "data-axis=\"\(axis)\" data-scale=\"\(scale)\" data-at=\"\(fmt(axis == "x" ? x : y))\">"
            + "\(escape(label))</text>"
    }

    /// The words of `text` on lines of at most `width` characters (a longer word gets a line of
    /// its own).
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ") {
            if current.isEmpty {
                current = String(word)
            } else if current.count + 1 + word.count <= width {
                current += " " + word
            } else {
                lines.append(current)
                current = String(word)
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines.isEmpty ? [""] : lines
    }

    /// The whole powers of ten that enclose every value.
    static func decades(_ values: [Double]) -> (lower: Double, upper: Double) {
        let positive = values.filter { $0 > 0 && $0.isFinite }
        guard let smallest = positive.min(), let largest = positive.max() else { return (0, 1) }
        let lower = floor(log10(smallest))
        let upper = max(ceil(log10(largest)), lower + 1)
        return (lower, upper)
    }

    /// Ticks from 0 in steps of 1, 2 or 5 times a power of ten, at most five steps, the last at or
    /// above `largest`: every tick is a round number that its label can print exactly.
    static func linearTicks(upTo largest: Double) -> [Double] {
        let largest = largest > 0 && largest.isFinite ? largest : 1
        var power = pow(10, floor(log10(largest / 5)))
        while true {
            for multiple in [1.0, 2, 5] {
                let step = multiple * power
                let steps = (largest / step).rounded(.up)
                // Rounded to 12 decimals, so 3 × 0.2 is 0.6 and not 0.6000000000000001.
                if steps <= 5 { return (0...Int(steps)).map { (Double($0) * step * 1e12).rounded() / 1e12 } }
            }
            power *= 10
        }
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
