import RecipeKit

/// Finds the legacy APIs in one blanked source file, and the hazards around them.
///
/// Two linear passes over the bytes, no regular expressions: the first learns which names the file
/// declares or initialises with a legacy type (`let group = DispatchGroup()`, `NSLock *_lock`), the
/// second reads identifier chains (`DispatchQueue.global(qos: .utility).async`, `group.enter()`,
/// `[queue addOperation:op]`) and walks them down the language's pattern trie. Argument words
/// (`.async(flags: .barrier)`) are checked by a bounded look-ahead only where a pattern needs them,
/// so a file of any shape, one 100 MB line included, costs time in proportion to its size.
struct FileScanner {
    let table: ShapeTable
    let trie: ShapeTable.Trie
    let language: SourceLanguage
    let hazards: HazardWords
    let uses: UseWords
    /// The isolation of code with no attribute of its own (`MainActor` in an Xcode 26 app target).
    let defaultIsolation: DefaultIsolation

    init(table: ShapeTable, language: SourceLanguage, defaultIsolation: DefaultIsolation = .nonisolated) {
        self.table = table
        self.language = language
        self.defaultIsolation = defaultIsolation
        trie = language == .swift ? table.swift : table.objc
        hazards = HazardWords(table: table)
        uses = UseWords(table: table)
    }

    // MARK: Tokens

    enum Kind: UInt8 {
        case identifier, dot, openParen, closeParen, openBracket, closeBracket, openBrace, closeBrace
        case colon, equals, star, comma, semicolon, question, ampersand, caret, at, other, end
    }

    struct Token {
        var kind: Kind = .end
        var start = 0
        var end = 0
        var hash: UInt64 = 0
        /// A newline came between the previous token and this one.
        var afterNewline = false
    }

    /// Reads tokens from blanked bytes, counting lines as it goes.
    struct Tokenizer {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0
        var line = 1
        var lineStart = 0

        init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        static func isIdentifierByte(_ byte: UInt8) -> Bool {
            (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39)
                || byte == 0x5F || byte == 0x24 || byte >= 0x80
        }

        mutating func next() -> Token {
            var token = Token()
            let count = bytes.count
            while index < count {
                let byte = bytes[index]
                if byte == 0x0A {
                    line += 1
                    index += 1
                    lineStart = index
                    token.afterNewline = true
                } else if byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0C || byte == 0x0B {
                    index += 1
                } else {
                    break
                }
            }
            guard index < count else { return token }
            let start = index
            token.start = start
            let byte = bytes[index]
            if byte >= 0x30 && byte <= 0x39 {
                index += 1
                while index < count,
                    Self.isIdentifierByte(bytes[index])
                        || (bytes[index] == 0x2E && index + 1 < count && bytes[index + 1] >= 0x30
                            && bytes[index + 1] <= 0x39)
                {
                    index += 1
                }
                token.kind = .other
            } else if Self.isIdentifierByte(byte)
                || ((byte == 0x40 || byte == 0x23) && index + 1 < count && Self.isIdentifierByte(bytes[index + 1]))
            {
                var hash: UInt64 = 0xcbf2_9ce4_8422_2325
                hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
                index += 1
                while index < count, Self.isIdentifierByte(bytes[index]) {
                    hash = (hash ^ UInt64(bytes[index])) &* 0x100_0000_01b3
                    index += 1
                }
                token.kind = .identifier
                token.hash = hash
            } else {
                index += 1
                switch byte {
                case 0x2E: token.kind = .dot
                case 0x28: token.kind = .openParen
                case 0x29: token.kind = .closeParen
                case 0x5B: token.kind = .openBracket
                case 0x5D: token.kind = .closeBracket
                case 0x7B: token.kind = .openBrace
                case 0x7D: token.kind = .closeBrace
                case 0x3A: token.kind = .colon
                case 0x3D:
                    // `==` and `=>` are not assignments.
                    if index < count, bytes[index] == 0x3D || bytes[index] == 0x3E {
                        index += 1
                        token.kind = .other
                    } else {
                        token.kind = .equals
                    }
                case 0x2A: token.kind = .star
                case 0x2C: token.kind = .comma
                case 0x3B: token.kind = .semicolon
                case 0x3F: token.kind = .question
                case 0x21: token.kind = .question
                case 0x26: token.kind = .ampersand
                case 0x5E: token.kind = .caret
                case 0x40: token.kind = .at
                case 0x2D:
                    // `->` reads as a member access (`self->_lock`).
                    if index < count, bytes[index] == 0x3E {
                        index += 1
                        token.kind = .dot
                    } else {
                        token.kind = .other
                    }
                default: token.kind = .other
                }
            }
            token.end = index
            return token
        }
    }

    // MARK: Declarations

    /// The names this file gives a legacy type: properties, locals, parameters, ivars, subclasses.
    func declarations(_ bytes: UnsafeBufferPointer<UInt8>) -> WordTable<Int32> {
        var names = WordTable<Int32>()
        var tokens = Tokenizer(bytes)
        var previous = Token()
        var beforePrevious = Token()
        let declarers = Self.declarers
        func type(of token: Token) -> Int32? {
            guard token.kind == .identifier else { return nil }
            if let name = names[token.hash] { return name == Self.shadowed ? nil : name }
            if let word = table.words[token.hash], table.types.contains(word) { return word }
            return nil
        }
        func record(_ name: Token, _ type: Int32) {
            guard name.kind == .identifier, name.hash != table.selfWord else { return }
            // `queue: DispatchQueue = DispatchQueue(label: …)` names a type before its `=`, not a variable.
            if let word = table.words[name.hash], table.types.contains(word) { return }
            names[name.hash] = type
            names[Self.underscored(name.hash, bytes, name)] = type
        }
        while true {
            let token = tokens.next()
            if token.kind == .end { break }
            if token.kind == .identifier, previous.kind == .identifier, declarers.contains(previous.hash),
                let word = table.words[token.hash], table.types.contains(word)
            {
                // The file declares its own type of that name (`typealias Operation = …`).
                names[token.hash] = Self.shadowed
            } else if token.kind == .identifier {
                if previous.kind == .equals, let type = type(of: token) {
                    record(beforePrevious, type)
                } else if previous.kind == .colon, let word = table.words[token.hash], table.types.contains(word),
                    names[token.hash] == nil
                {
                    // `let lock: NSLock`, `queue: DispatchQueue`, `class Fetch: Operation`; a value after
                    // a label or a selector part (`addDependency:parse`) is no declaration.
                    record(beforePrevious, word)
                } else if previous.kind == .star, language == .objc, let type = type(of: beforePrevious) {
                    record(token, type)
                }
            }
            beforePrevious = previous
            previous = token
        }
        return names
    }

    /// The type of a name the file declares itself, hiding a legacy type of the same name.
    static let shadowed: Int32 = -1

    private static let declarerWords = ["typealias", "class", "struct", "enum", "protocol", "actor"]
    private static let declarers = WordSet(declarerWords.map(ShapeTable.hash))

    /// The hash of `_name` for the hash of `name` (an Objective-C property's ivar).
    private static func underscored(_ hash: UInt64, _ bytes: UnsafeBufferPointer<UInt8>, _ token: Token) -> UInt64 {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        value = (value ^ 0x5F) &* 0x100_0000_01b3
        for index in token.start..<token.end { value = (value ^ UInt64(bytes[index])) &* 0x100_0000_01b3 }
        return value
    }

    // MARK: Matching

    /// An identifier chain being read, and where it stands in the trie.
    struct Chain {
        var node: Int32 = -1
        var depth = 0
        var literal = true
        /// Read `self.`: the next member starts the chain.
        var afterSelf = false
        var suppressed = false
        /// Who receives the call, for the hazards: a variable's name, or the chain's words so far.
        var receiver: UInt64 = 0
        /// The receiver before the last member was added: whom the last member is called on.
        var callee: UInt64 = 0
        var lastWord: UInt64 = 0
        var line = 0
        /// Where the chain's first word starts, and its line.
        var start = 0
        var lineStart = 0
        /// The match restarted at a member no other API has (`queue.addOperation`): its receiver is
        /// the chain before it, as for a typed receiver.
        var member = false
        /// The live finding of this chain (a longer match supersedes a shorter one), or -1.
        var finding = -1
    }

    struct Frame {
        enum Kind { case paren, message, bracket }
        var kind: Kind
        var saved: Chain
        /// In a message send: 0 before the receiver, 1 in it, 2 after the selector.
        var messageState = 0
        /// A finding whose receiver is this call's first argument (`dispatch_sync(queue, …)`).
        var argumentFinding = -1
        var lastIdentifier: UInt64 = 0
        /// The finding of the call these are the arguments of: another API among them is part of
        /// it (`queue: OperationQueue.main`, `deadline: DispatchTime.now() + 1`), not a call.
        var callFinding: Int32 = -1
        /// A block's parameter list: `^(id obj)`.
        var blockParameters = false
    }

    /// Kept small (32 bytes): one is pushed for every `{`.
    struct Brace {
        var queue: UInt64 = 0
        var lockFinding: Int32 = -1
        /// How many frames were open at the brace: an attribute read deeper is in a parameter.
        var frameDepth: Int32 = 0
        /// For the body of a `Task.detached` written in main-actor code not reported yet: where the
        /// call starts, as an index into `MatchState`'s detached calls; -1 otherwise.
        var detached: Int32 = -1
        /// The isolation this brace's body states (`@MainActor class`, `nonisolated func`,
        /// `Task.detached {`), or `.inherit` to take its surroundings'.
        var isolation = Isolation.inherit
        /// What kind of body it is: a function's (`func`, `init`, an accessor), a statement's
        /// (`if`, `for`, `guard … else`), or otherwise a type's or a closure's.
        var kind = Kind.other
        /// The body runs in a task: an `async` function's, or `Task { }`'s.
        var async = false
        /// A handler closure's index in `HandlerTaskTracker`, or -1.
        var handler: Int32 = -1
        /// The body of a `for`, `while` or `repeat` (or an Objective-C `do`).
        var loop = false

        enum Kind: UInt8 { case other, function, statement }
    }

    /// What a brace says about the isolation of the code inside it.
    enum Isolation: UInt8 { case inherit, main, nonisolated }

    /// Finds the APIs in blanked `bytes`; `own` is `declarations(bytes)` when the caller has it.
    func scan(
        _ bytes: UnsafeBufferPointer<UInt8>, declared: WordTable<Int32> = WordTable(), own: WordTable<Int32>? = nil
    ) -> [RawFinding] {
        let names = DeclaredNames(own: own ?? declarations(bytes), module: declared)
        var state = MatchState(scanner: self, bytes: bytes, names: names)
        state.run()
        state.findings.removeAll { $0.dropped }
        if state.unordered { state.findings.sort { ($0.line, $0.column) < ($1.line, $1.column) } }
        return state.findings
    }

    /// The words the hazard heuristics look for, hashed once.
    struct HazardWords {
        let submit: Set<Int32>
        let sync: Set<Int32>
        let signal: Set<Int32>
        let wait: Set<Int32>
        let acquire: WordSet
        let release: WordSet
        let scoped: WordSet
        /// Handlers Dispatch runs on the source's queue, whose closure keeps the isolation of the
        /// code that wrote it (`setEventHandler`), and APIs that run a closure on a queue they name.
        let callbackTraps: WordSet
        let callbackTrapAPIs: Set<Int32>
        let detachedCallsMainActor: Int32?
        let continuationMistake: Int32?
        let taskPerCall: Int32?
        /// Calls that block their thread until something else happens.
        let blockingWaits: Set<Int32>
        let mainAsync: Int32
        let preconcurrency: Int32
        /// The hazard of each `HazardShapes` API that has one.
        let shapeHazards: [Int32: Hazard]
        let mainQueue: UInt64
        let mainQueueFunction: UInt64
        let selfNames: WordSet

        init(table: ShapeTable) {
            func apis(_ names: [String]) -> Set<Int32> {
                Set(table.apis.indices.filter { names.contains(table.apis[$0].name) }.map(Int32.init))
            }
            submit = apis([
                "DispatchQueue.async", "DispatchQueue.sync", "DispatchQueue.main.async", "DispatchQueue.main.sync",
                "DispatchQueue.async(flags: .barrier)", "DispatchQueue.sync(flags: .barrier)",
                "DispatchQueue.asyncAfter", "DispatchQueue.async(group:)", "OperationQueue.addOperation",
            ])
            sync = apis(["DispatchQueue.sync", "DispatchQueue.main.sync", "DispatchQueue.sync(flags: .barrier)"])
            signal = apis(["DispatchSemaphore.signal", "DispatchGroup.leave"])
            wait = apis(["DispatchSemaphore.wait", "DispatchGroup.wait"])
            acquire = WordSet(
                ["lock", "pthread_mutex_lock", "os_unfair_lock_lock", "objc_sync_enter"].map(ShapeTable.hash))
            release = WordSet(
                ["unlock", "pthread_mutex_unlock", "os_unfair_lock_unlock", "objc_sync_exit"].map(ShapeTable.hash))
            scoped = WordSet(["withLock", "@synchronized"].map(ShapeTable.hash))
            callbackTraps = WordSet(["setEventHandler", "setCancelHandler", "setRegistrationHandler"].map(ShapeTable.hash))
            callbackTrapAPIs = apis(["DispatchGroup.notify", "DispatchIO.read"])
            blockingWaits = apis(["DispatchSemaphore.wait", "DispatchGroup.wait", "Thread.sleep"])
            mainAsync = apis(["DispatchQueue.main.async"]).first ?? -1
            func index(_ shape: CodeShape) -> Int32? {
                table.apis.firstIndex { $0.name == shape.api }.map(Int32.init)
            }
            taskPerCall = index(HazardShapes.taskPerCall)
            continuationMistake = index(HazardShapes.continuationMistake)
            detachedCallsMainActor = index(HazardShapes.detachedCallsMainActor)
            preconcurrency = apis(["@preconcurrency"]).first ?? -1
            var shapeHazards: [Int32: Hazard] = [:]
            for (shape, _, hazard) in HazardShapes.all {
                if let hazard, let api = index(shape) { shapeHazards[api] = hazard }
            }
            self.shapeHazards = shapeHazards
            mainQueue = MatchState.combine(ShapeTable.hash("DispatchQueue"), ShapeTable.hash("main"))
            mainQueueFunction = ShapeTable.hash("dispatch_get_main_queue")
            selfNames = WordSet(["self", "this", "strongSelf", "weakSelf"].map(ShapeTable.hash))
        }

        static let functionWords = WordSet(["func", "init", "deinit", "get", "set", "willSet", "didSet"].map(ShapeTable.hash))
        static let statementWords = WordSet(
            ["if", "else", "for", "while", "guard", "do", "catch", "repeat", "switch", "defer"].map(ShapeTable.hash))
        static let async = ShapeTable.hash("async")
        /// The calls whose closure runs in the calling task or a child task.
        static let taskClosures = WordSet(
            [
                "Task", "detached", "immediate", "addTask", "addTaskUnlessCancelled", "addImmediateTask",
                "withTaskGroup", "withThrowingTaskGroup", "withDiscardingTaskGroup", "withThrowingDiscardingTaskGroup",
                "withCheckedContinuation", "withCheckedThrowingContinuation", "withUnsafeContinuation",
                "withUnsafeThrowingContinuation", "withTaskCancellationHandler",
            ].map(ShapeTable.hash))
        static let selfWord = ShapeTable.hash("self")

        /// A 256-bit filter of the words `MatchState.isolationWord` acts on, by their hash's top byte.
        static let isolationFilter = bitFilter(
            (["@MainActor", "@concurrent", "nonisolated", "actor", "detached", "run", "self", "async"]
                + ["func", "init", "deinit", "get", "set", "willSet", "didSet"]
                + ["if", "else", "for", "while", "guard", "do", "catch", "repeat", "switch", "defer"])
                .map(ShapeTable.hash))

        /// A 256-bit filter of the words that take a closure `MatchState` looks into: task closures,
        /// continuation bodies, handler registrations.
        static let takerFilter = bitFilter(
            Array(taskClosures) + Array(ContinuationTracker.takers) + Array(HandlerTaskTracker.registrations))

        /// One bit per hash's top byte: a test that is false for most other words, in one load.
        private static func bitFilter(_ hashes: [UInt64]) -> [UInt64] {
            var bits = [UInt64](repeating: 0, count: 4)
            for hash in hashes {
                let bit = Int(hash >> 56)
                bits[bit >> 6] |= 1 << UInt64(bit & 63)
            }
            return bits
        }

        @inline(__always) private static func passes(_ filter: [UInt64], _ hash: UInt64) -> Bool {
            let bit = Int(hash >> 56)
            return filter[bit >> 6] & (1 << UInt64(bit & 63)) != 0
        }

        /// False for most words that take a closure; true for every one `MatchState` looks for.
        @inline(__always) static func mayBeTaker(_ hash: UInt64) -> Bool { passes(takerFilter, hash) }

        /// False for most identifiers that are not an isolation, body or `self` word; true for all
        /// that are.
        @inline(__always) static func mayBeIsolationWord(_ hash: UInt64) -> Bool { passes(isolationFilter, hash) }

        static let mainActor = ShapeTable.hash("MainActor")
        static let mainActorAttribute = ShapeTable.hash("@MainActor")
        static let concurrentAttribute = ShapeTable.hash("@concurrent")
        static let nonisolated = ShapeTable.hash("nonisolated")
        static let actor = ShapeTable.hash("actor")
        static let task = ShapeTable.hash("Task")
        static let detached = ShapeTable.hash("detached")
        static let run = ShapeTable.hash("run")
    }
}
