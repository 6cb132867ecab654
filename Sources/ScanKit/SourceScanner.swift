#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Walks files and folders and scans every Swift, Objective-C and C source in them.
///
/// Files are scanned on one thread per core and reported in path order; a few files and their
/// findings are in memory at a time, and the blanked Swift sources of the first pass up to a fixed
/// budget, so memory stays bounded however big the tree. Directories are
/// followed through symbolic links, but each is entered once (by device and inode), so a link loop
/// ends; hidden directories (`.git`, `.build`) are not entered. A file that cannot be read, a
/// binary file and anything that is not a regular file are listed as skipped, and the walk goes on.
public struct SourceScanner: Sendable {
    public let table: ShapeTable
    /// The isolation of code that states none: `MainActor` for an Xcode 26 app target.
    public let defaultIsolation: DefaultIsolation
    /// The hazards the findings carry: all of them, or only the likely or the possible ones.
    public let hazards: HazardFilter
    /// The threads files are scanned on.
    let work: OrderedWork
    /// How many bytes of blanked Swift source the first pass keeps for the scan: a tree of a
    /// million lines fits (about 40 MB); past it, files are read and blanked a second time.
    var keptBytes = 64 << 20

    /// `jobs` is how many files are scanned at once: one per core (at most eight) when nil. The
    /// findings come out in path order whatever it is.
    public init(
        table: ShapeTable, defaultIsolation: DefaultIsolation = .nonisolated, hazards: HazardFilter = .all,
        jobs: Int? = nil
    ) {
        self.table = table
        self.defaultIsolation = defaultIsolation
        self.hazards = hazards
        self.work = jobs.map { OrderedWork(threads: max($0, 1), window: OrderedWork.perCore.window) } ?? .perCore
    }

    /// Scans `paths` (files or folders). Throws a `ScanError` before reading anything when a path
    /// does not exist.
    public func scan(paths: [String]) throws(ScanError) -> ScanResult {
        var findings: [Finding] = []
        var result = try scan(paths: paths) { findings.append($0) }
        result.findings = findings
        return result
    }

    /// Scans `paths`, handing each finding to `report` as soon as its file is scanned and keeping
    /// only the tally, so memory stays flat however many findings there are.
    public func scan(paths: [String], report: (Finding) -> Void) throws(ScanError) -> ScanResult {
        for path in paths {
            var info = stat()
            if lstat(path, &info) != 0 { throw ScanError("no such file or directory: \(path)") }
        }
        var result = ScanResult()
        var visited: Set<[UInt64]> = []
        let swift = FileScanner(table: table, language: .swift, defaultIsolation: defaultIsolation)
        let objc = FileScanner(table: table, language: .objc)
        for path in paths {
            let (module, own, blanked) = moduleDeclarations(under: path, scanner: swift)
            var entries: [WalkEntry] = []
            walk(path, explicit: true, visited: &visited) { file, language in
                entries.append(.file(file, language))
            } skip: { file, reason in
                entries.append(.skipped(SkippedFile(path: file, reason: reason)))
            }
            work.run(entries) { entry -> FileOutcome in
                switch entry {
                case .skipped(let file): .skipped(file)
                case .file(let file, let language):
                    scanFile(
                        file, scanner: language == .swift ? swift : objc, module: module, own: own[file],
                        blanked: blanked[file])
                }
            } take: { outcome in
                switch outcome {
                case .skipped(let file): result.skipped.append(file)
                case .scanned(let findings, let lines):
                    result.filesScanned += 1
                    result.linesScanned += lines
                    for finding in findings {
                        result.tally.add(finding)
                        report(finding)
                    }
                }
            }
        }
        return result
    }

    /// Scans one source text, as if read from `path` (for tests and one-line probes).
    public func scan(source: String, language: SourceLanguage, path: String = "<source>") -> [Finding] {
        var bytes = Array(source.utf8)
        let scanner = FileScanner(table: table, language: language, defaultIsolation: defaultIsolation)
        return findings(in: &bytes, scanner: scanner).findings.map {
            finding($0, path: path, language: language)
        }
    }

    private func walk(
        _ path: String, explicit: Bool, visited: inout Set<[UInt64]>,
        visit: (String, SourceLanguage) -> Void, skip: (String, String) -> Void
    ) {
        var info = stat()
        guard stat(path, &info) == 0 else {
            let name = path.split(separator: "/").last.map(String.init) ?? path
            if explicit || SourceLanguage(fileName: name) != nil {
                skip(path, "unreadable: \(String(cString: strerror(errno)))")
            }
            return
        }
        let type = info.st_mode & S_IFMT
        if type == S_IFDIR {
            guard visited.insert([UInt64(info.st_dev), UInt64(info.st_ino)]).inserted else { return }
            guard let directory = opendir(path) else {
                skip(path, "unreadable: \(String(cString: strerror(errno)))")
                return
            }
            var names: [String] = []
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
                }
                if name.hasPrefix(".") { continue }
                names.append(name)
            }
            closedir(directory)
            let base = path.hasSuffix("/") ? path : path + "/"
            for name in names.sorted() {
                walk(base + name, explicit: false, visited: &visited, visit: visit, skip: skip)
            }
            return
        }
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let language = SourceLanguage(fileName: name) else {
            if explicit { skip(path, "not a Swift, Objective-C or C source") }
            return
        }
        guard type == S_IFREG else {
            skip(path, "not a regular file")
            return
        }
        visit(path, language)
    }

    /// What the walk met, in its order: a source file to scan, or a path it skipped.
    private enum WalkEntry: Sendable {
        case file(String, SourceLanguage)
        case skipped(SkippedFile)
    }

    /// What scanning one walk entry gave: its findings and lines, or why it was skipped.
    private enum FileOutcome: Sendable {
        case scanned([Finding], lines: Int)
        case skipped(SkippedFile)
    }

    /// Reads, blanks and scans one file, on a worker thread; a Swift file the first pass kept comes
    /// already read and blanked.
    private func scanFile(
        _ path: String, scanner: FileScanner, module: WordTable<Int32>, own: WordTable<Int32>?,
        blanked: [UInt8]?
    ) -> FileOutcome {
        var bytes: [UInt8]
        if let blanked {
            bytes = blanked
        } else {
            switch Self.read(path) {
            case .success(let read): bytes = read
            case .failure(let reason): return .skipped(SkippedFile(path: path, reason: reason.description))
            }
            if Self.isBinary(bytes) { return .skipped(SkippedFile(path: path, reason: "binary")) }
        }
        let declared = scanner.language == .swift ? module : headerDeclarations(path, scanner)
        let scanned = findings(
            in: &bytes, scanner: scanner, declared: declared, own: own, blanked: blanked != nil)
        return .scanned(
            scanned.findings.map { finding($0, path: path, language: scanner.language) }, lines: scanned.lines)
    }

    /// The names the Swift files under a folder declare with a legacy type, for each other: a
    /// module's files see each other's declarations, so `queue.sync` in one file is typed by
    /// `let queue = DispatchQueue(…)` in another. A name two files declare with different types
    /// is left untyped, and a file's own type of a legacy name (`typealias Operation = …`, often
    /// nested in a type) shadows it in that file only. A file given by name on its own is not a
    /// module: it gets nothing.
    ///
    /// Each file's own names come back too, by path, for its scan: reading them is a pass over the
    /// file's tokens, and the scan would make it again. So do the files' blanked bytes, as long as
    /// they fit in `keptBytes`, so that the scan neither reads nor blanks them a second time.
    private func moduleDeclarations(
        under path: String, scanner: FileScanner
    ) -> (module: WordTable<Int32>, own: [String: WordTable<Int32>], blanked: [String: [UInt8]]) {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { return (WordTable(), [:], [:]) }
        var files: [String] = []
        var visited: Set<[UInt64]> = []
        walk(path, explicit: true, visited: &visited) { file, language in
            if language == .swift { files.append(file) }
        } skip: { _, _ in
        }
        var own: [String: WordTable<Int32>] = [:]
        var names: [UInt64: Int32] = [:]
        var ambiguous: Set<UInt64> = []
        var blanked: [String: [UInt8]] = [:]
        var kept = 0
        work.run(files) { file -> (String, WordTable<Int32>, [UInt8])? in
            guard case .success(var bytes) = Self.read(file), !Self.isBinary(bytes) else { return nil }
            let declared = bytes.withUnsafeMutableBufferPointer { buffer in
                SourceBlanker.blank(buffer, language: .swift)
                return scanner.declarations(UnsafeBufferPointer(buffer))
            }
            return (file, declared, bytes)
        } take: { read in
            guard let (file, declared, bytes) = read else { return }
            if kept + bytes.count <= keptBytes {
                kept += bytes.count
                blanked[file] = bytes
            }
            own[file] = declared
            for (name, type) in declared.entries where type != FileScanner.shadowed {
                if let known = names[name], known != type { ambiguous.insert(name) } else { names[name] = type }
            }
        }
        for name in ambiguous { names.removeValue(forKey: name) }
        var table = WordTable<Int32>(minimumCapacity: names.count)
        for (name, type) in names { table[name] = type }
        return (table, own, blanked)
    }

    /// The names `X.h` declares, for `X.m` and `X.mm`: an implementation's properties and ivars
    /// are often declared only in its header.
    private func headerDeclarations(_ path: String, _ scanner: FileScanner) -> WordTable<Int32> {
        guard scanner.language == .objc, let dot = path.lastIndex(of: "."),
            [".m", ".mm"].contains(path[dot...]), case .success(var header) = Self.read(String(path[..<dot]) + ".h"),
            !Self.isBinary(header)
        else { return WordTable() }
        return header.withUnsafeMutableBufferPointer { buffer in
            SourceBlanker.blank(buffer, language: .objc)
            return scanner.declarations(UnsafeBufferPointer(buffer))
        }
    }

    /// Blanks and scans one file's bytes; the findings are named one at a time by `finding(_:…)`,
    /// so a file with a million of them holds no million `Finding`s.
    private func findings(
        in bytes: inout [UInt8], scanner: FileScanner, declared: WordTable<Int32> = WordTable(),
        own: WordTable<Int32>? = nil, blanked: Bool = false
    ) -> (findings: [RawFinding], lines: Int) {
        var lines = 0
        let raw = bytes.withUnsafeMutableBufferPointer { buffer in
            if !blanked { SourceBlanker.blank(buffer, language: scanner.language) }
            for byte in buffer where byte == 0x0A { lines += 1 }
            return scanner.scan(UnsafeBufferPointer(buffer), declared: declared, own: own)
        }
        if let last = bytes.last, last != 0x0A { lines += 1 }
        return (raw, lines)
    }

    /// Names a raw finding: the page its use needs first, then the API's; its hazards, the likely
    /// ones first, as far as the filter keeps them.
    private func finding(_ raw: RawFinding, path: String, language: SourceLanguage) -> Finding {
        let api = table.apis[Int(raw.api)]
        var recipes = api.recipes
        if let lead = raw.lead, recipes.first != lead {
            recipes.removeAll { $0 == lead }
            recipes.insert(lead, at: 0)
        }
        var hazards = raw.hazards
        if hazards.count > 1 {
            hazards = hazards.filter { $0.confidence == .likely } + hazards.filter { $0.confidence != .likely }
        }
        if self.hazards != .all { hazards.removeAll { !self.hazards.keeps($0) } }
        return Finding(
            path: path, line: raw.line, column: raw.column, language: language, api: api.name,
            recipes: recipes, modern: api.modern, hazards: hazards)
    }

    /// Binary files have a NUL byte in their first 8 KiB; source files never do.
    static func isBinary(_ bytes: [UInt8]) -> Bool {
        bytes.prefix(8192).contains(0)
    }

    /// The bytes of a regular file, read in chunks.
    static func read(_ path: String) -> Result<[UInt8], ScanError> {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return .failure(ScanError("unreadable: \(String(cString: strerror(errno)))")) }
        defer { close(descriptor) }
        // Read straight into an array of the size `fstat` gives, plus one byte so that the end is
        // seen without a second buffer (a zero-filled chunk per file cost more than the scan of a
        // small file); a file that grew since is read on in chunks.
        var info = stat()
        let capacity = fstat(descriptor, &info) == 0 ? Int(info.st_size) + 1 : 1 << 16
        var failure: Int32 = 0
        var full = false
        var bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
            while initialized < buffer.count {
                let count = systemRead(descriptor, buffer.baseAddress! + initialized, buffer.count - initialized)
                if count < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                if count == 0 { return }
                initialized += count
            }
            full = true
        }
        while full {
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count < 0 { failure = errno }
            if count <= 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
        }
        if failure != 0 { return .failure(ScanError("unreadable: \(String(cString: strerror(failure)))")) }
        return .success(bytes)
    }
}

/// `read(2)`, named apart so that `SourceScanner.read` does not shadow it.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
