/// Long code spans in a table cell, made breakable so the table fits the page.
///
/// GitHub lays a table out at its content's width, up to the column's, and lets it scroll inside
/// itself beyond that; text wraps at spaces, but `performSelector:withObject:afterDelay:` has none,
/// so one long spelling pushed the last column (the links) out of view. A long span becomes
/// `<code>` with `<wbr>` break opportunities after its dots, colons, commas and opening
/// parentheses: it reads and searches (Ctrl-F) the same, and wraps only where it must.
enum BreakableCode {
    /// Spans at least this long get break opportunities.
    static let minimumLength = 18

    /// `cell` (Markdown) with each long backticked span that is not a link's text made breakable.
    static func cell(_ cell: String) -> String {
        CodeSpans.replacing(in: cell) { code, before, _ in
            code.count >= minimumLength && !before.hasSuffix("[") ? "<code>" + breakable(code) + "</code>" : "`\(code)`"
        }
    }

    /// `code` escaped for HTML, with `<wbr>` after each `.`, `:`, `,` and `(` that has more after it,
    /// and inside a long camel-case word before a capital (`withTaskCancellation<wbr>Handler`).
    static func breakable(_ code: String) -> String {
        var html = ""
        var run = 0
        var previous: Character?
        for (index, character) in code.enumerated() {
            if character.isUppercase, previous?.isLowercase == true, run >= 10 {
                html += "<wbr>"
                run = 0
            }
            switch character {
            case "&": html += "&amp;"
            case "<": html += "&lt;"
            case ">": html += "&gt;"
            case "|": html += "&#124;"
            default: html.append(character)
            }
            run += 1
            if ".:,( ".contains(character) && index < code.count - 1 {
                if character != " " { html += "<wbr>" }
                run = 0
            }
            previous = character
        }
        return html
    }
}
