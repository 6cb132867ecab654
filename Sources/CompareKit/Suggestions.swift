/// The recipe ids closest to a mistyped one, for "did you mean".
enum Suggestions {
    /// Up to `limit` ids, closest first: ids containing the input, then by edit distance.
    static func closest(to input: String, among ids: [String], limit: Int = 3) -> [String] {
        let needle = input.lowercased()
        let ranked = ids.map { id -> (id: String, score: Int) in
            let contains = id.contains(needle) || (needle.count >= 4 && needle.contains(id))
            return (id, contains ? 0 : 1 + distance(needle, id))
        }
        return ranked.sorted { ($0.score, $0.id) < ($1.score, $1.id) }.prefix(limit).map(\.id)
    }

    /// The Levenshtein distance between two strings.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = previous
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
