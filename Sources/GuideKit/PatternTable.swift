/// The two patterns of a page in one HTML table, section beside section.
///
/// Recipe pages and note pages show their Legacy and Modern files the same way: a header row per
/// titled section (`// MARK: - Title`), the code below it, the driver left out.
enum PatternTable {
    /// The table's lines; `root` is the link from the page to the package root.
    static func markdown(_ left: SourceFile, _ right: SourceFile, root: String) -> [String] {
        let legacySections = left.patternSections
        let modernSections = right.patternSections
        var lines = [
            "<table>",
            "<tr><th>Legacy: <a href=\"\(root)/\(left.path)\"><code>\(left.path)</code></a></th>"
                + "<th>Modern: <a href=\"\(root)/\(right.path)\"><code>\(right.path)</code></a></th></tr>",
        ]
        for index in 0..<max(legacySections.count, modernSections.count) {
            let legacy = index < legacySections.count ? legacySections[index] : nil
            let modern = index < modernSections.count ? modernSections[index] : nil
            if legacy?.title != nil || modern?.title != nil {
                lines.append(
                    "<tr><th>\(html(legacy?.title ?? "—"))</th><th>\(html(modern?.title ?? "—"))</th></tr>")
            }
            lines +=
                ["<tr><td valign=\"top\">", ""] + cell(legacy?.code) + ["</td><td valign=\"top\">", ""]
                + cell(modern?.code) + ["</td></tr>"]
        }
        return lines + ["</table>", ""]
    }

    private static func cell(_ code: String?) -> [String] {
        guard let code, !code.isEmpty else { return ["*(nothing here on this side)*", ""] }
        return ["```swift", code, "```", ""]
    }

    private static func html(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }

}
