import BenchKit
import Foundation
import Testing

@testable import GuideKit

/// The performance page's charts read right: every tick label names the value at its position,
/// and legacy and modern each have one colour in every chart.
@Suite struct ChartTests {
    /// The charts drawn from the committed results, and from the small made-up sample.
    static var charts: [(name: String, svg: String)] {
        var charts: [(String, String)] = []
        let committed = GuideGenerator.packageRoot.appendingPathComponent("Benchmarks/results.json")
        if let data = try? Data(contentsOf: committed),
            let results = try? JSONDecoder().decode(BenchResults.self, from: data)
        {
            charts += PerformancePage(results: results, pages: [:]).charts.map { ("committed \($0.key)", $0.value) }
        }
        charts += PerformancePage(results: PerformancePageTests.results, pages: [:]).charts.map {
            ("sample \($0.key)", $0.value)
        }
        return charts.sorted { $0.0 < $1.0 }
    }

    /// A tick label's value in the axis's base unit: "100 ns" → 100, "1.00 s" → 1e9, "10k" → 10,000.
    static func value(of label: String) -> Double? {
        let units: [String: Double] = [
            "ns": 1, "µs": 1e3, "ms": 1e6, "s": 1e9, "KB": 1e3, "MB": 1e6, "GB": 1e9, "k": 1e3, "M": 1e6, "×": 1, "": 1,
        ]
        let trimmed = label.replacingOccurrences(of: ",", with: "")
        let number = trimmed.prefix { $0.isNumber || $0 == "." }
        let unit = trimmed.dropFirst(number.count).trimmingCharacters(in: .whitespaces)
        guard let value = Double(number), let scale = units[unit] else { return nil }
        return value * scale
    }

    /// The tick labels of one axis: (position, label, scale).
    static func ticks(_ svg: String, axis: String) -> [(at: Double, label: String, scale: String)] {
        let pattern = #"data-axis="\#(axis)" data-scale="(\w+)" data-at="([-0-9.]+)">([^<]*)</text>"#
        let regex = try! NSRegularExpression(pattern: pattern)
        return regex.matches(in: svg, range: NSRange(svg.startIndex..., in: svg)).map { match in
            let group = { Range(match.range(at: $0), in: svg).map { String(svg[$0]) } ?? "" }
            return (Double(group(2)) ?? .nan, group(3), group(1))
        }
    }

    @Test(arguments: charts.map(\.name))
    func everyTickLabelNamesTheValueAtItsPosition(_ name: String) throws {
        let svg = try #require(Self.charts.first { $0.name == name }?.svg)
        var axes = 0
        for axis in ["x", "y"] {
            let ticks = Self.ticks(svg, axis: axis)
            guard !ticks.isEmpty else { continue }
            axes += 1
            #expect(ticks.count >= 2, "\(name): one tick on the \(axis) axis")
            let values = try ticks.map { tick in try #require(Self.value(of: tick.label), "\(name): '\(tick.label)'") }
            let scale = ticks[0].scale
            let mapped = scale == "log" ? values.map(log10) : values
            // Positions must be an affine function of the (log) values: a label rounded onto the
            // wrong tick ("3" at 2.5) breaks it.
            let (v0, v1) = (mapped[0], mapped[mapped.count - 1])
            let (p0, p1) = (ticks[0].at, ticks[ticks.count - 1].at)
            #expect(v1 != v0, "\(name): the first and last \(axis) ticks have the same value")
            for (index, tick) in ticks.enumerated() {
                let expected = p0 + (mapped[index] - v0) / (v1 - v0) * (p1 - p0)
                #expect(
                    abs(tick.at - expected) <= 0.6,
                    "\(name): \(axis) tick '\(tick.label)' at \(tick.at), where \(expected) is that value")
            }
            #expect(Set(ticks.map(\.label)).count == ticks.count, "\(name): two \(axis) ticks read the same")
        }
        #expect(axes >= 1, "\(name) has no tick labels")
    }

    @Test(arguments: charts.map(\.name))
    func legacyAndModernHaveOneColourEach(_ name: String) throws {
        let svg = try #require(Self.charts.first { $0.name == name }?.svg)
        let greys: Set<String> = ["#ffffff", "#d0d7de", "#57606a", "#1f2328"]
        let regex = try NSRegularExpression(pattern: #"(?:fill|stroke)="(#[0-9A-Fa-f]{6})""#)
        let colours = Set(
            regex.matches(in: svg, range: NSRange(svg.startIndex..., in: svg)).compactMap {
                Range($0.range(at: 1), in: svg).map { String(svg[$0]) }
            }
        ).subtracting(greys)
        #expect(colours.isSubset(of: [SVGChart.legacy, SVGChart.modern]), "\(name): \(colours.sorted())")
        #expect(!svg.contains("…"), "\(name) truncates a label")
    }

    @Test func linearTicksAreRoundNumbersFromZeroPastTheLargestValue() {
        #expect(SVGChart.linearTicks(upTo: 10) == [0, 2, 4, 6, 8, 10])
        #expect(SVGChart.linearTicks(upTo: 2) == [0, 0.5, 1, 1.5, 2])
        #expect(SVGChart.linearTicks(upTo: 66) == [0, 20, 40, 60, 80])
        #expect(SVGChart.linearTicks(upTo: 1.97) == [0, 0.5, 1, 1.5, 2])
        #expect(SVGChart.linearTicks(upTo: 0) == [0, 0.2, 0.4, 0.6, 0.8, 1])
    }

    @Test func longLabelsWrapAtWordsAndKeepEveryWord() {
        let label = "Tick every millisecond (the time per tick: 1 ms plus what is late)"
        let lines = SVGChart.wrap(label, width: 44)
        #expect(lines.count == 2)
        #expect(lines.allSatisfy { $0.count <= 44 })
        #expect(lines.joined(separator: " ") == label)
    }
}
