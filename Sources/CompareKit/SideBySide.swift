/// Lays two columns of text out side by side within a width, wrapping long lines.
struct SideBySide {
    let width: Int
    let style: Style

    /// The width of each column: the total less a three-character gutter, halved.
    var columnWidth: Int { max(20, (width - 3) / 2) }

    /// Renders the rows; `marks` flags rows whose gutter shows a difference.
    func render(left: [String], right: [String], marked: Set<Int> = []) -> [String] {
        var output: [String] = []
        for row in 0..<max(left.count, right.count) {
            let l = wrap(row < left.count ? left[row] : "")
            let r = wrap(row < right.count ? right[row] : "")
            for part in 0..<max(l.count, r.count) {
                let leftPart = part < l.count ? l[part] : ""
                let rightPart = part < r.count ? r[part] : ""
                let gutter = marked.contains(row) ? style.yellow(" ≠ ") : style.dim(" │ ")
                output.append(pad(leftPart) + gutter + rightPart)
            }
        }
        return output
    }

    /// A header row for the two columns.
    func header(_ left: String, _ right: String) -> String {
        style.bold(pad(left)) + style.dim(" │ ") + style.bold(right)
    }

    private func pad(_ text: String) -> String {
        text + String(repeating: " ", count: max(0, columnWidth - text.count))
    }

    private func wrap(_ text: String) -> [String] {
        guard text.count > columnWidth else { return [text] }
        var parts: [String] = []
        var rest = Substring(text)
        while rest.count > columnWidth {
            parts.append(String(rest.prefix(columnWidth - 1)) + "↩")
            rest = rest.dropFirst(columnWidth - 1)
        }
        parts.append(String(rest))
        return parts
    }
}
