/// The two patterns of a recipe page, section by section: the Legacy block, then the Modern block
/// under it, each the full width of the page.
///
/// Two 80-column listings side by side need about 1,420 px, and GitHub's reading column is about
/// 886 px in a 1,000 px window: a side-by-side table hid most of the Modern file, the half readers
/// copy. Stacked blocks keep the pairing (section k of one file over section k of the other, under
/// the section's title, as `// MARK: - Title` lines cut them) and fit any window a listing fits.
enum PatternBlocks {
    /// The blocks' lines; `root` is the link from the page to the package root.
    /// `needs` gives, by section title, what a Modern section needs where that is more than the
    /// recommended first section does; its block says so.
    static func markdown(
        _ legacy: SourceFile, _ modern: SourceFile, root: String, needs: [String: Availability] = [:]
    ) -> [String] {
        let legacySections = legacy.patternSections
        let modernSections = modern.patternSections
        var lines: [String] = []
        for index in 0..<max(legacySections.count, modernSections.count) {
            let left = index < legacySections.count ? legacySections[index] : nil
            let right = index < modernSections.count ? modernSections[index] : nil
            if let title = heading(left?.title, right?.title) { lines += ["### \(title)", ""] }
            lines += block("Legacy", legacy, left?.code, first: index == 0, root: root)
            let modernNeeds = right?.title.flatMap { needs[$0] }.map { " · needs \($0.description)" } ?? ""
            lines += block("Modern", modern, right?.code, first: index == 0, root: root, suffix: modernNeeds)
        }
        return lines
    }

    /// A section's heading: its title, or both titles where the files name it differently.
    static func heading(_ legacy: String?, _ modern: String?) -> String? {
        switch (legacy, modern) {
        case (nil, nil): return nil
        case let (legacy?, modern?) where legacy == modern: return legacy
        default: return "Legacy: \(legacy ?? "—") · Modern: \(modern ?? "—")"
        }
    }

    private static func block(
        _ side: String, _ file: SourceFile, _ code: String?, first: Bool, root: String, suffix: String = ""
    )
        -> [String]
    {
        let label = (first ? "**\(side)** ([`\(file.path)`](\(root)/\(file.path)))" : "**\(side)**") + suffix
        guard let code, !code.isEmpty else { return [label + ": *(nothing here on this side)*", ""] }
        return [label, "", "```swift", code, "```", ""]
    }
}
