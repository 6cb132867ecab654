/// The backticked code spans of a Markdown line, for the passes that rewrite them.
enum CodeSpans {
    /// `markdown` with each `` `span` `` replaced by what `replace` returns, given the span's text,
    /// what has been written before it and what follows it; an unclosed backtick stays as it is.
    static func replacing(
        in markdown: String, _ replace: (_ code: String, _ before: String, _ after: Substring) -> String
    ) -> String {
        var result = ""
        var rest = markdown[...]
        while let open = rest.firstIndex(of: "`") {
            result += rest[..<open]
            let afterOpen = rest.index(after: open)
            guard let close = rest[afterOpen...].firstIndex(of: "`") else {
                result += rest[open...]
                return result
            }
            let afterClose = rest.index(after: close)
            result += replace(String(rest[afterOpen..<close]), result, rest[afterClose...])
            rest = rest[afterClose...]
        }
        return result + rest
    }
}
