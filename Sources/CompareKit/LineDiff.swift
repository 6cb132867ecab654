/// A readable difference between two transcripts.
enum LineDiff {
    /// A unified-style diff (`-` legacy only, `+` modern only, `  ` both), from a longest common
    /// subsequence; at most `limit` lines around the changes.
    static func unified(legacy: [String], modern: [String], limit: Int = 40) -> [String] {
        let n = legacy.count
        let m = modern.count
        guard n * m <= 25_000_000 else { return ["(transcripts too long to diff: \(n) and \(m) lines)"] }
        var table = [[Int]](repeating: [Int](repeating: 0, count: m + 1), count: n + 1)
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                table[i][j] = legacy[i] == modern[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        var lines: [(mark: Character, text: String)] = []
        var i = 0
        var j = 0
        while i < n || j < m {
            if i < n, j < m, legacy[i] == modern[j] {
                lines.append((" ", legacy[i]))
                i += 1
                j += 1
            } else if j < m, i == n || table[i][j + 1] >= table[i + 1][j] {
                lines.append(("+", modern[j]))
                j += 1
            } else {
                lines.append(("-", legacy[i]))
                i += 1
            }
        }
        // Keep the changed lines and one line of context around each.
        let changed = Set(lines.indices.filter { lines[$0].mark != " " })
        let keep = lines.indices.filter { index in (index - 1...index + 1).contains { changed.contains($0) } }
        var output: [String] = []
        var previous = -1
        for index in keep {
            if previous >= 0 && index > previous + 1 { output.append("  …") }
            output.append("\(lines[index].mark) \(lines[index].text)")
            previous = index
        }
        if output.count > limit {
            output = Array(output.prefix(limit)) + ["  … \(output.count - limit) more diff lines"]
        }
        return output
    }

    /// The lines one side logged more often than the other (for rules that ignore order).
    static func multiset(legacy: [String], modern: [String], limit: Int = 20) -> [String] {
        var counts: [String: Int] = [:]
        for line in legacy { counts[line, default: 0] += 1 }
        for line in modern { counts[line, default: 0] -= 1 }
        let onlyLegacy = counts.filter { $0.value > 0 }.keys.sorted()
        let onlyModern = counts.filter { $0.value < 0 }.keys.sorted()
        let output =
            onlyLegacy.map { "- \($0)   (legacy ×\(counts[$0]!) more)" }
            + onlyModern.map { "+ \($0)   (modern ×\(-counts[$0]!) more)" }
        return output.count > limit ? Array(output.prefix(limit)) + ["  … \(output.count - limit) more"] : output
    }
}
