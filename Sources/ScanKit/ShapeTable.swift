import Catalog
import RecipeKit

/// Every API `scan` reports, with the pages that show it, compiled into a trie per language.
///
/// Built once from the catalog entries' `replaces` (which name recipes), `PageShapes` (which name
/// a guide note or a recipe that covers a shape its Legacy side doesn't show), the detect-only
/// `FallbackShapes` (which name nothing), and the pattern-less `HazardShapes` that only a hazard
/// reports. Identifiers are looked up by a 64-bit hash of their bytes, so the hot path makes no
/// `String` for the words that are not in any pattern.
public struct ShapeTable: Sendable {
    /// One API as findings show it.
    ///
    /// Shapes of several recipes with the same `api` are merged into one, so a finding lists
    /// every recipe that shows the API.
    public struct API: Sendable {
        public let name: String
        /// Recipe and guide-note ids, the most specific first (the one whose entry declares the
        /// fewest shapes); a shape's home, or a note that is about it, comes first.
        public let recipes: [String]
        public let modern: String
        public let hazard: String?
    }

    /// A pattern that ends at a trie node: the API, and the words its call's arguments must hold.
    struct Terminal: Sendable {
        let api: Int32
        let arguments: [Int32]
    }

    /// The patterns of one language.
    struct Trie: Sendable {
        var children: [[Int32: Int32]] = [[:]]
        var terminals: [[Terminal]] = [[]]
        /// First components that also match as a member of a receiver `scan` cannot resolve
        /// (patterns written with a leading dot, such as `.asyncAfter`).
        var members: Set<Int32> = []
        /// Identifier prefixes (`pthread_*`), longest first, each with its pseudo-word id.
        var prefixes: [(bytes: [UInt8], word: Int32)] = []

        func child(_ node: Int32, _ word: Int32) -> Int32? {
            children[Int(node)][word]
        }

        mutating func insert(_ components: [Int32], _ terminal: Terminal) {
            var node: Int32 = 0
            for word in components {
                if let next = children[Int(node)][word] {
                    node = next
                } else {
                    let next = Int32(children.count)
                    children.append([:])
                    terminals.append([])
                    children[Int(node)][word] = next
                    node = next
                }
            }
            terminals[Int(node)].append(terminal)
        }
    }

    public private(set) var apis: [API] = []
    var words = WordTable<Int32>()
    var wordNames: [String] = []
    var swift = Trie()
    var objc = Trie()
    /// Words that name a legacy type, so that `let lock = NSLock()` gives `lock` its type.
    var types: Set<Int32> = []
    let selfWord: UInt64 = ShapeTable.hash("self")

    /// The table for these recipes and guide notes, plus `fallback` shapes for what no recipe
    /// declares.
    public init(recipes: [Recipe], notes: [GuideNote] = Catalog.notes, fallback: [CodeShape] = FallbackShapes.all) {
        var order: [String] = []
        var byName: [String: (recipes: [String], modern: String?, hazard: String?, swift: [String], objc: [String])] =
            [:]
        var homes: [String: String] = [:]
        // The most specific recipe for an API first: the one that lists it earliest among its shapes
        // (an entry lists its main subject first), then the one with the fewest shapes.
        var ranked: [(shape: CodeShape, rank: (Int, Int, Int), recipe: String)] = []
        for (offset, recipe) in recipes.enumerated() {
            for (position, shape) in recipe.replaces.enumerated() {
                ranked.append((shape, (position, recipe.replaces.count, offset), recipe.id))
            }
        }
        ranked.sort { $0.rank < $1.rank }  // stable enough: ranks are distinct per (recipe, shape)
        func add(_ shape: CodeShape, recipe: String?) {
            if byName[shape.api] == nil {
                order.append(shape.api)
                byName[shape.api] = ([], nil, nil, [], [])
            }
            if let recipe, !byName[shape.api]!.recipes.contains(recipe) { byName[shape.api]!.recipes.append(recipe) }
            byName[shape.api]!.modern = byName[shape.api]!.modern ?? shape.modern
            byName[shape.api]!.hazard = byName[shape.api]!.hazard ?? shape.hazard
            if let home = shape.home { homes[shape.api] = homes[shape.api] ?? home }
            byName[shape.api]!.swift += shape.swift.filter { !byName[shape.api]!.swift.contains($0) }
            byName[shape.api]!.objc += shape.objc.filter { !byName[shape.api]!.objc.contains($0) }
        }
        for entry in ranked { add(entry.shape, recipe: entry.recipe) }
        for shape in fallback { add(shape, recipe: nil) }
        for (shape, recipe, _) in HazardShapes.all {
            add(shape, recipe: recipes.contains { $0.id == recipe } ? recipe : nil)
        }
        let pages = Set(recipes.map(\.id) + notes.map(\.id))
        for (shape, page, leads) in PageShapes.all where pages.contains(page) {
            add(shape, recipe: page)
            if leads { homes[shape.api] = page }
        }
        // A shape's home recipe goes first, wherever it ranked.
        for (api, home) in homes {
            guard let index = byName[api]!.recipes.firstIndex(of: home) else { continue }
            byName[api]!.recipes.insert(byName[api]!.recipes.remove(at: index), at: 0)
        }

        var apis: [API] = []
        for name in order {
            let entry = byName[name]!
            let modern = entry.modern ?? Self.modern(for: name, in: recipes, ids: entry.recipes)
            apis.append(API(name: name, recipes: entry.recipes, modern: modern, hazard: entry.hazard))
            let api = Int32(apis.count - 1)
            for pattern in entry.swift { compile(pattern, api: api, into: \.swift) }
            for pattern in entry.objc { compile(pattern, api: api, into: \.objc) }
        }
        self.apis = apis
        swift.prefixes.sort { $0.bytes.count > $1.bytes.count }
        objc.prefixes.sort { $0.bytes.count > $1.bytes.count }
    }

    /// The modern counterpart from the first recipe's API table that names the API.
    private static func modern(for api: String, in recipes: [Recipe], ids: [String]) -> String {
        for id in ids {
            guard let recipe = recipes.first(where: { $0.id == id }) else { continue }
            if let mapping = recipe.apis.first(where: { $0.legacy.contains(api) }) { return mapping.modern }
        }
        return "see the recipe"
    }

    private mutating func compile(_ pattern: String, api: Int32, into trie: WritableKeyPath<ShapeTable, Trie>) {
        var text = Substring(pattern)
        let member = text.hasPrefix(".")
        if member { text = text.dropFirst() }
        var arguments: [Int32] = []
        if let open = text.firstIndex(of: "("), text.hasSuffix(")") {
            arguments = text[text.index(after: open)..<text.index(before: text.endIndex)]
                .split(separator: " ").map { word(String($0)) }
            text = text[..<open]
        }
        if text.hasSuffix("*") {
            let prefix = String(text.dropLast())
            let pseudo = word("\(prefix)*")
            if !self[keyPath: trie].prefixes.contains(where: { $0.word == pseudo }) {
                self[keyPath: trie].prefixes.append((Array(prefix.utf8), pseudo))
            }
            self[keyPath: trie].insert([pseudo], Terminal(api: api, arguments: arguments))
            return
        }
        let components = text.split(separator: ".").map { word(String($0)) }
        if member, let first = components.first { self[keyPath: trie].members.insert(first) }
        if components.count > 1, let first = text.first, first.isUppercase { types.insert(components[0]) }
        self[keyPath: trie].insert(components, Terminal(api: api, arguments: arguments))
    }

    private mutating func word(_ text: String) -> Int32 {
        let key = Self.hash(text)
        if let id = words[key] { return id }
        let id = Int32(wordNames.count)
        wordNames.append(text)
        words[key] = id
        return id
    }

    /// The id of a word, if any pattern uses it.
    func word(named text: String) -> Int32? { words[Self.hash(text)] }

    /// FNV-1a over the bytes of `text`.
    static func hash(_ text: String) -> UInt64 {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 { value = (value ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return value
    }
}
