/// Blanks out comments, string and character literals, and `#if 0` / `#if false` blocks, in place.
///
/// Matching then never sees an API named in a comment or a string, and every byte keeps its
/// offset (newlines stay), so a match's line and column are those of the original file. It is one
/// pass over the bytes with a small state machine, linear in the file's size whatever its shape: a
/// stray quote ends at the end of its line, as the compiler would complain there too.
enum SourceBlanker {
    private static let space = UInt8(ascii: " ")
    private static let newline = UInt8(ascii: "\n")
    private static let quote = UInt8(ascii: "\"")
    private static let apostrophe = UInt8(ascii: "'")
    private static let slash = UInt8(ascii: "/")
    private static let star = UInt8(ascii: "*")
    private static let backslash = UInt8(ascii: "\\")
    private static let hash = UInt8(ascii: "#")
    private static let openParen = UInt8(ascii: "(")
    private static let closeParen = UInt8(ascii: ")")

    /// Blanks `bytes` for `language`.
    static func blank(_ bytes: UnsafeMutableBufferPointer<UInt8>, language: SourceLanguage) {
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            if byte == slash, index + 1 < count {
                let next = bytes[index + 1]
                if next == slash {
                    index = blankLineComment(bytes, from: index)
                    continue
                }
                if next == star {
                    index = blankBlockComment(bytes, from: index, nested: language == .swift)
                    continue
                }
            } else if byte == quote {
                index = blankString(bytes, from: index, hashes: 0, language: language)
                continue
            } else if byte == hash, language == .swift {
                var hashes = 0
                while index + hashes < count, bytes[index + hashes] == hash { hashes += 1 }
                if index + hashes < count, bytes[index + hashes] == quote {
                    index = blankString(bytes, from: index, hashes: hashes, language: language)
                    continue
                }
                index += hashes
                continue
            } else if byte == apostrophe, language == .objc {
                index = blankCharacter(bytes, from: index)
                continue
            }
            index += 1
        }
        blankInactiveBlocks(bytes)
    }

    private static func clear(_ bytes: UnsafeMutableBufferPointer<UInt8>, _ range: Range<Int>) {
        for index in range where bytes[index] != newline { bytes[index] = space }
    }

    private static func blankLineComment(_ bytes: UnsafeMutableBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        while index < bytes.count, bytes[index] != newline { index += 1 }
        clear(bytes, start..<index)
        return index
    }

    private static func blankBlockComment(
        _ bytes: UnsafeMutableBufferPointer<UInt8>, from start: Int, nested: Bool
    ) -> Int {
        var depth = 1
        var index = start + 2
        while index < bytes.count, depth > 0 {
            if bytes[index] == star, index + 1 < bytes.count, bytes[index + 1] == slash {
                depth -= 1
                index += 2
            } else if nested, bytes[index] == slash, index + 1 < bytes.count, bytes[index + 1] == star {
                depth += 1
                index += 2
            } else {
                index += 1
            }
        }
        clear(bytes, start..<index)
        return index
    }

    private static func blankCharacter(_ bytes: UnsafeMutableBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start + 1
        while index < bytes.count, bytes[index] != newline {
            if bytes[index] == backslash {
                index += 2
                continue
            }
            if bytes[index] == apostrophe {
                index += 1
                break
            }
            index += 1
        }
        index = min(index, bytes.count)
        clear(bytes, start..<index)
        return index
    }

    /// Blanks the string literal whose `hashes` `#` and opening quote start at `start`, including
    /// interpolated code (which may hold strings of its own), and returns the index after it.
    private static func blankString(
        _ bytes: UnsafeMutableBufferPointer<UInt8>, from start: Int, hashes: Int, language: SourceLanguage
    ) -> Int {
        let end = stringEnd(bytes, quoteAt: start + hashes, hashes: hashes, language: language)
        clear(bytes, start..<end)
        return end
    }

    private static func stringEnd(
        _ bytes: UnsafeMutableBufferPointer<UInt8>, quoteAt quoteIndex: Int, hashes: Int, language: SourceLanguage
    ) -> Int {
        let count = bytes.count
        let multiline =
            language == .swift && quoteIndex + 2 < count && bytes[quoteIndex + 1] == quote
            && bytes[quoteIndex + 2] == quote
        var index = quoteIndex + (multiline ? 3 : 1)
        while index < count {
            let byte = bytes[index]
            if byte == newline, !multiline { return index }
            if byte == backslash, hasHashes(bytes, at: index + 1, hashes) {
                let after = index + 1 + hashes
                if language == .swift, after < count, bytes[after] == openParen {
                    index = interpolationEnd(bytes, from: after + 1)
                } else {
                    index = after + 1
                }
                continue
            }
            if byte == quote {
                if multiline {
                    if index + 2 < count, bytes[index + 1] == quote, bytes[index + 2] == quote,
                        hasHashes(bytes, at: index + 3, hashes)
                    {
                        return index + 3 + hashes
                    }
                } else if hasHashes(bytes, at: index + 1, hashes) {
                    return index + 1 + hashes
                }
            }
            index += 1
        }
        return count
    }

    private static func hasHashes(_ bytes: UnsafeMutableBufferPointer<UInt8>, at index: Int, _ hashes: Int) -> Bool {
        guard hashes > 0 else { return true }
        guard index + hashes <= bytes.count else { return false }
        for offset in 0..<hashes where bytes[index + offset] != hash { return false }
        return true
    }

    /// The index after the `)` that closes an interpolation whose code starts at `start`.
    private static func interpolationEnd(_ bytes: UnsafeMutableBufferPointer<UInt8>, from start: Int) -> Int {
        var depth = 1
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            if byte == openParen {
                depth += 1
            } else if byte == closeParen {
                depth -= 1
                if depth == 0 { return index + 1 }
            } else if byte == quote {
                index = stringEnd(bytes, quoteAt: index, hashes: 0, language: .swift)
                continue
            } else if byte == newline {
                // A single-line string's interpolation cannot span lines; stop at the line's end.
                return index
            }
            index += 1
        }
        return bytes.count
    }

    /// Blanks the lines of `#if 0` / `#if false` blocks (up to their `#else`, `#elif` or
    /// `#endif`). Other conditional blocks are code an app may compile, so they stay.
    private static func blankInactiveBlocks(_ bytes: UnsafeMutableBufferPointer<UInt8>) {
        // One entry per open `#if`: whether the branch being read is a dead `0`/`false` one.
        var stack: [Bool] = []
        var lineStart = 0
        let count = bytes.count
        while lineStart < count {
            var lineEnd = lineStart
            while lineEnd < count, bytes[lineEnd] != newline { lineEnd += 1 }
            var index = lineStart
            while index < lineEnd, bytes[index] == space || bytes[index] == UInt8(ascii: "\t") { index += 1 }
            let inactive = stack.contains(true)
            if index < lineEnd, bytes[index] == hash {
                let directive = word(bytes, from: index + 1, to: lineEnd)
                switch directive.text {
                case "if":
                    let condition = word(bytes, from: directive.end, to: lineEnd).text
                    stack.append(condition == "0" || condition == "false")
                case "ifdef", "ifndef":
                    stack.append(false)
                case "else", "elif", "elseif":
                    if let last = stack.indices.last, stack[last] { stack[last] = false }
                case "endif":
                    _ = stack.popLast()
                default:
                    break
                }
            }
            if inactive { clear(bytes, lineStart..<lineEnd) }
            lineStart = lineEnd + 1
        }
    }

    private static func word(
        _ bytes: UnsafeMutableBufferPointer<UInt8>, from start: Int, to end: Int
    ) -> (text: String, end: Int) {
        var index = start
        while index < end, bytes[index] == space || bytes[index] == UInt8(ascii: "\t") { index += 1 }
        let wordStart = index
        while index < end, isWordByte(bytes[index]), index - wordStart < 16 { index += 1 }
        return (String(decoding: UnsafeBufferPointer(rebasing: bytes[wordStart..<index]), as: UTF8.self), index)
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39)
            || byte == 0x5F
    }
}
