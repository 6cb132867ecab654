/// Token hashes to values, looked up without hashing them again.
///
/// Every identifier the scanner reads is looked up in several of these: the shape table's words,
/// the names a file declares, the use rules' word lists. A key is already a 64-bit FNV-1a hash of
/// the identifier's bytes; `Dictionary` and `Set` run SipHash over it once more per lookup, which
/// `perf` put at about a tenth of a 200,000-line scan. This table spreads the key with one
/// multiplication (Fibonacci hashing) and probes linearly; it never removes.
struct WordTable<Value: Sendable>: Sendable {
    private var keys: [UInt64]
    private var values: [Value?]
    private var shift: UInt64
    /// The value of key 0, which marks an empty slot in `keys`.
    private var zero: Value?
    private(set) var count = 0

    init(minimumCapacity: Int = 8) {
        var size = 8
        while size < minimumCapacity * 2 { size *= 2 }
        keys = Array(repeating: 0, count: size)
        values = Array(repeating: nil, count: size)
        shift = UInt64(64 - size.trailingZeroBitCount)
        zero = nil
    }

    var isEmpty: Bool { count == 0 }

    subscript(key: UInt64) -> Value? {
        get {
            if key == 0 { return zero }
            let mask = keys.count - 1
            var slot = index(key)
            while true {
                let found = keys[slot]
                if found == key { return values[slot] }
                if found == 0 { return nil }
                slot = (slot + 1) & mask
            }
        }
        set {
            guard let newValue else {
                precondition(self[key] == nil, "a WordTable never removes")
                return
            }
            if key == 0 {
                if zero == nil { count += 1 }
                zero = newValue
                return
            }
            if (count + 1) * 2 > keys.count { grow() }
            let mask = keys.count - 1
            var slot = index(key)
            while keys[slot] != 0 && keys[slot] != key { slot = (slot + 1) & mask }
            if keys[slot] == 0 {
                keys[slot] = key
                count += 1
            }
            values[slot] = newValue
        }
    }

    /// Every key and its value, in no particular order.
    var entries: [(key: UInt64, value: Value)] {
        var all: [(key: UInt64, value: Value)] = []
        all.reserveCapacity(count)
        if let zero { all.append((0, zero)) }
        for slot in keys.indices where keys[slot] != 0 {
            if let value = values[slot] { all.append((keys[slot], value)) }
        }
        return all
    }

    private func index(_ key: UInt64) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> shift)
    }

    private mutating func grow() {
        let old = entries
        self = WordTable(minimumCapacity: keys.count)
        for (key, value) in old { self[key] = value }
    }
}

/// A set of token hashes, looked up without hashing them again (see `WordTable`).
struct WordSet: Sendable, Sequence, ExpressibleByArrayLiteral {
    private var table: WordTable<Bool>

    init<Words: Sequence>(_ words: Words) where Words.Element == UInt64 {
        table = WordTable(minimumCapacity: words.underestimatedCount)
        for word in words { table[word] = true }
    }

    init(arrayLiteral words: UInt64...) {
        self.init(words)
    }

    func contains(_ word: UInt64) -> Bool { table[word] != nil }

    mutating func insert(_ word: UInt64) { table[word] = true }

    var isEmpty: Bool { table.isEmpty }

    func makeIterator() -> IndexingIterator<[UInt64]> {
        table.entries.map(\.key).makeIterator()
    }
}

/// The names a file gives a legacy type: its own declarations first, then its module's.
///
/// A folder's Swift files see each other's declarations. Merging the module's table into each
/// file's copied the whole table once per file; looking in the file's first, then the module's,
/// gives the same answer without the copy.
struct DeclaredNames: Sendable {
    let own: WordTable<Int32>
    let module: WordTable<Int32>

    subscript(hash: UInt64) -> Int32? { own[hash] ?? module[hash] }
}
