/// The second pass of `FileScanner` over one file: chains, frames, braces and the hazard trackers.
///
/// Kept apart from `FileScanner` so that the state of one run is a value with a clear lifetime: it
/// lives for one file and is dropped with it.
struct MatchState {
    typealias Token = FileScanner.Token
    typealias Chain = FileScanner.Chain
    typealias Frame = FileScanner.Frame

    let scanner: FileScanner
    let bytes: UnsafeBufferPointer<UInt8>
    let names: DeclaredNames
    var findings: [RawFinding] = []

    private var tokens: FileScanner.Tokenizer
    private var chain = Chain()
    /// The chain may go on: the last token ended it (an identifier, or the `)` of its call).
    private var chainOpen = false
    private var expectingMember = false
    private var frames: [Frame] = []
    private var braces: [FileScanner.Brace] = []
    private var previous = Token()
    private var beforePrevious = Token()
    /// The identifier before the last `.`: `Task` in `Task.detached`, `MainActor` in `MainActor.run`.
    private var lastIdentifier: UInt64 = 0
    private var identifierBeforeDot: UInt64 = 0
    /// The isolation an attribute or keyword just read gives the next `{` at the same frame depth
    /// (`@MainActor class`, `nonisolated func`, `actor`, `Task.detached`, `MainActor.run`), and
    /// the token that said so.
    private var pendingIsolation = FileScanner.Isolation.inherit
    private var pendingIsolationFrames = 0
    private var pendingIsolationToken = Token()
    private var pendingDetached: (line: Int, start: Int, lineStart: Int)?
    /// Where each `Task.detached` in main-actor code starts, for the brace of its body.
    private var detachedCalls: [(line: Int, start: Int, lineStart: Int)] = []
    /// The kind of body the next `{` at `pendingBodyFrames` opens (`func … {`, `if … {`), and
    /// whether the function is `async`.
    private var pendingBody = FileScanner.Brace.Kind.other
    private var pendingBodyFrames = 0
    private var pendingAsync = false
    private var continuations = ContinuationTracker()
    private var handlerTasks = HandlerTaskTracker()
    /// The handler whose parameter list is being read, or -1.
    private var readingHandler: Int32 = -1
    /// The `Task { }` bodies open inside handlers: the task's index and the brace depth of its body.
    private var openHandlerTasks: [(task: Int32, depth: Int)] = []
    /// The last `=` followed a property named like a handler (`onMessage =`).
    private var assignsHandler = false
    /// A finding was added out of line order (a hazard found after the call that it names).
    private(set) var unordered = false
    /// Argument words of a matched call, whose own chains must not be reported again.
    private var suppressedWords: [Int32] = []
    private var suppressedUntil = 0
    /// A submission waiting for its block: the queue, and the frame depth it was made at.
    private var pendingBlockQueue: UInt64 = 0
    private var pendingBlockDepth = 0
    private var pendingLockFinding = -1
    private var pendingLockDepth = 0
    /// Where each semaphore or group was last signalled from: line and brace depth.
    private var signals: [UInt64: (line: Int, depth: Int)] = [:]
    /// Locks held by `lock()` with no `unlock()` yet: the finding and the brace depth.
    private var held: [UInt64: (finding: Int, depth: Int)] = [:]
    private var callbackName: String?
    /// How many open braces are the body of a scoped lock (`withLock { }`, `@synchronized { }`).
    private var lockBraces = 0
    private var columnCache = (lineStart: -1, offset: 0, column: 1)

    /// The function and closure bodies open around the current token (not the bodies of `if`s and
    /// loops), for what a rule asks of "the same function".
    private var contexts: [Context] = []
    private var nextFunction: Int32 = 0
    /// Where the file's functions' names are, by the number `RawFinding.function` gives them.
    private var functionNames: [Range<Int>] = []
    /// `func name`: the name read after `func`, for the next function body.
    private var pendingFunctionName: Range<Int>?
    private var readingFunctionName = false
    /// A `-` or `+` at the start of a top-level Objective-C line: the method's name follows its `)`.
    private var readingObjCMethodName = false
    private var nextContext: Int32 = 0
    /// `for`, `while`, `repeat` (and `do` in Objective-C) was read at this frame depth: the next
    /// statement body is a loop's.
    private var pendingLoop = false
    private var pendingLoopFrames = 0
    /// In Objective-C: an `@implementation` or `@interface` line, whose `{` holds instance variables.
    private var objcClassHeader = false
    /// The `)` just read closed a block's parameter list (`^(id obj) {`).
    private var closedBlockParameters = false
    /// The name the current statement assigns to (`queue = …`), for a call that makes a queue, a
    /// semaphore or a source, and the token before the `.` of the chain being read.
    private var assignTarget: (name: UInt64, line: Int) = (0, 0)
    /// Where the name of the last type declared starts (`class Fetch`), for its superclass after `:`.
    private var declaredTypeStart = -1
    /// Locks taken while another is held, in this file: (outer, inner) receivers and the finding of
    /// the inner acquisition, for a lock-order inversion.
    private var lockPairs: [Pair: (inner: Int, outer: Int)] = [:]
    /// The open closures that may be a completion handler re-arming itself: the handler, and the
    /// name of the function that handed it over.
    private var rearming: [(handler: Int32, name: UInt64)] = []
    private var lockReceivers: [Int: UInt64] = [:]
    private var completions = CompletionTracker()
    private var unsafeVariables = UnsafeVariableTracker()

    struct Pair: Hashable {
        let outer: UInt64
        let inner: UInt64
    }

    /// One function or closure body.
    struct Context {
        /// How many braces were open at its `{`.
        let depth: Int
        /// A number per body, for "the same body".
        let serial: Int32
        /// The outermost function around it, by number.
        let function: Int32
        /// The function's name, 0 for a closure.
        let name: UInt64
        /// A closure handed to a call (or a task's body), not a function's body.
        let closure: Bool
        /// It has tested `Thread.isMainThread`.
        var checksMainThread = false
    }

    private static let lookAheadLimit = 1024
    /// Nesting deeper than this is only counted, so that memory stays flat on any input.
    private static let maxDepth = 512
    private var frameOverflow = 0
    private var braceOverflow = 0
    private static let waitWindow = 12

    /// Kept here rather than read through `scanner` on each token: a debug build copies the
    /// whole `FileScanner` for each read of a computed property.
    private let uses: UseWords
    private let trie: ShapeTable.Trie
    private let table: ShapeTable
    private let language: SourceLanguage
    private let hazardWords: FileScanner.HazardWords
    private let defaultIsolation: DefaultIsolation

    init(scanner: FileScanner, bytes: UnsafeBufferPointer<UInt8>, names: DeclaredNames) {
        self.scanner = scanner
        self.bytes = bytes
        self.names = names
        uses = scanner.uses
        trie = scanner.trie
        table = scanner.table
        language = scanner.language
        hazardWords = scanner.hazards
        defaultIsolation = scanner.defaultIsolation
        tokens = FileScanner.Tokenizer(bytes)
    }

    /// Whether the file's code names XCTest (an import, a type): `expectation(description:)` and
    /// `wait(for:timeout:)` are XCTest's only in a file that does. Looked for at the first such
    /// call, not in every file.
    private var mentionsXCTest: Bool?
    /// Whether the file declares an `Operation` subclass, read once when first needed.
    private var subclassesAnOperation: Bool?

    static func contains(_ bytes: UnsafeBufferPointer<UInt8>, _ needle: [UInt8]) -> Bool {
        guard needle.count <= bytes.count else { return false }
        var index = 0
        while index + needle.count <= bytes.count {
            if bytes[index] == needle[0] {
                var same = true
                for offset in 1..<needle.count where bytes[index + offset] != needle[offset] {
                    same = false
                    break
                }
                if same { return true }
            }
            index += 1
        }
        return false
    }

    static func combine(_ receiver: UInt64, _ word: UInt64) -> UInt64 {
        (receiver &* 0x9E37_79B9_7F4A_7C15) ^ word
    }


    mutating func run() {
        while true {
            let token = tokens.next()
            if token.kind == .end { break }
            if token.afterNewline, pendingBlockQueue != 0, frames.count <= pendingBlockDepth,
                previous.kind != .closeParen
            {
                pendingBlockQueue = 0
            }
            if token.afterNewline, pendingLockFinding >= 0, frames.count <= pendingLockDepth,
                previous.kind != .closeParen
            {
                pendingLockFinding = -1
            }
            if pendingIsolation != .inherit, frames.count <= pendingIsolationFrames,
                (token.afterNewline && previous.start != pendingIsolationToken.start
                    && !isAttribute(previous) && ![.comma, .colon].contains(previous.kind))
                    || token.kind == .equals || token.kind == .semicolon
            {
                // `@MainActor let shared = …` or a stored property: no body follows.
                pendingIsolation = .inherit
                pendingDetached = nil
            }
            if pendingBody == .function, frames.count <= pendingBodyFrames,
                (token.afterNewline && ![.comma, .colon, .openParen].contains(previous.kind))
                    || token.kind == .equals || token.kind == .semicolon
            {
                // A protocol's requirement, or `init` written as a call: no body follows.
                pendingBody = .other
                pendingAsync = false
            }
            if language == .swift {
                continuations.token(token.kind)
                if readingHandler >= 0 {
                    handlerTasks.read(token, in: readingHandler)
                    if !handlerTasks.handlers[Int(readingHandler)].reading { readingHandler = -1 }
                }
                if token.kind == .equals {
                    assignsHandler = previous.kind == .identifier && HandlerTaskTracker.isHandlerProperty(bytes, previous)
                }
            }
            if token.kind == .semicolon, pendingLoop, frames.count <= pendingLoopFrames { pendingLoop = false }
            if language == .swift {
                completions.token(token, isElse: token.kind == .identifier && uses.elseWords.contains(token.hash))
            } else if token.kind == .other, braces.isEmpty, token.afterNewline,
                bytes[token.start] == 0x2D || bytes[token.start] == 0x2B
            {
                // `- (void)method {` at the top level: a method, not an `@implementation`'s ivars.
                objcClassHeader = false
                readingObjCMethodName = true
            }
            handle(token)
            beforePrevious = previous
            previous = token
        }
        finish()
    }

    /// The end of the file: the hazards and pages that need all of it.
    private mutating func finish() {
        lockOrderInversions()
        for (finding, hazard) in unsafeVariables.hazards() { findings[finding].addHazard(hazard) }
        UseRules(words: uses, table: table, functionNames: functionNames, bytes: bytes).apply(to: &findings)
    }

    private mutating func handle(_ token: Token) {
        switch token.kind {
        case .identifier:
            identifier(token)
        case .dot:
            identifierBeforeDot = previous.kind == .identifier ? lastIdentifier : 0
            if !chainOpen {
                // A leading dot (`.main`, `\.fractionCompleted`): only member patterns can match.
                chain = emptyChain(at: token)
            }
            expectingMember = true
            chainOpen = true
        case .openParen where frames.count >= Self.maxDepth, .openBracket where frames.count >= Self.maxDepth:
            frameOverflow += 1
            endChain()
        case .closeParen where frameOverflow > 0, .closeBracket where frameOverflow > 0:
            frameOverflow -= 1
            endChain()
        case .openBrace where braces.count >= Self.maxDepth:
            braceOverflow += 1
            endChain()
        case .closeBrace where braceOverflow > 0:
            braceOverflow -= 1
            endChain()
        case .openParen:
            openParen(token)
        case .closeParen:
            closeFrame(bracket: false)
        case .openBracket:
            let message =
                language == .objc && previous.kind != .identifier && previous.kind != .closeParen
                && previous.kind != .closeBracket && previous.kind != .at
            if let last = frames.indices.last, frames[last].kind == .message, frames[last].messageState == 0 {
                frames[last].messageState = 1
            }
            frames.append(Frame(kind: message ? .message : .bracket, saved: emptyChain(at: token)))
            endChain()
        case .closeBracket:
            closeFrame(bracket: true)
        case .openBrace:
            var brace = FileScanner.Brace()
            if pendingBlockQueue != 0 {
                brace.queue = pendingBlockQueue
                pendingBlockQueue = 0
            }
            if pendingLockFinding >= 0 {
                brace.lockFinding = Int32(pendingLockFinding)
                pendingLockFinding = -1
            }
            brace.frameDepth = Int32(frames.count)
            if pendingBody != .other, frames.count == pendingBodyFrames {
                brace.kind = pendingBody
                brace.async = pendingAsync && pendingBody == .function
            }
            if frames.count == pendingBodyFrames {
                pendingBody = .other
                pendingAsync = false
            }
            if language == .objc { brace.kind = objcBraceKind() }
            if pendingLoop, frames.count == pendingLoopFrames, brace.kind == .statement {
                brace.loop = true
                pendingLoop = false
            }
            if language == .swift, brace.kind == .other {
                // `Task {`, `group.addTask {`, `withTaskGroup(of: T.self) {`: a closure that runs in
                // a task, by the word that takes it (the call's name, when its `)` came first). Most
                // closures' takers are none of the words looked for: one bit test says so.
                var taker = previous.kind == .identifier ? previous.hash : previous.kind == .closeParen ? chain.lastWord : 0
                if !FileScanner.HazardWords.mayBeTaker(taker) { taker = 0 }
                if FileScanner.HazardWords.taskClosures.contains(taker) { brace.async = true }
                continuations.open(
                    taker: taker, statement: false, braces: braces.count, line: chain.line, start: chain.start,
                    lineStart: chain.lineStart)
                handlerClosure(&brace, taker: taker)
            } else if language == .swift {
                continuations.open(
                    taker: 0, statement: brace.kind == .statement, braces: braces.count, line: 0, start: 0, lineStart: 0)
            }
            if pendingDetached != nil { brace.async = true }
            if pendingIsolation != .inherit, frames.count == pendingIsolationFrames {
                brace.isolation = pendingIsolation
                if let call = pendingDetached, onMainActor(below: braces.count) {
                    brace.detached = Int32(detachedCalls.count)
                    detachedCalls.append(call)
                }
                pendingIsolation = .inherit
                pendingDetached = nil
            } else if brace.queue != 0 {
                // `DispatchQueue.main.async { }` is inferred `@MainActor`; any other queue's block is
                // `@Sendable`, so closures written in it are not main-actor isolated.
                brace.isolation = uses.mainQueues.contains(brace.queue) ? .main : .nonisolated
            }
            if brace.kind != .statement { openContext(brace) }
            if language == .swift { completions.open(statement: brace.kind == .statement) }
            braces.append(brace)
            if brace.lockFinding >= 0 { lockBraces += 1 }
            endChain()
        case .closeBrace:
            if let brace = braces.popLast() {
                if brace.lockFinding >= 0 { lockBraces -= 1 }
                if brace.handler >= 0 { reportRearmedTasks(brace.handler) }
            }
            if let context = contexts.last, context.depth >= braces.count { contexts.removeLast() }
            if language == .swift { completions.close() }
            if let open = openHandlerTasks.last, open.depth > braces.count { openHandlerTasks.removeLast() }
            if language == .swift, let ended = continuations.close(braces: braces.count) {
                continuationMistake(ended.body, ended.mistake)
            }
            pendingBlockQueue = 0
            for (key, value) in held where value.depth > braces.count { held.removeValue(forKey: key) }
            endChain()
        case .question:
            // Optional chaining keeps the chain: `delegate?.done()`, `lock!.lock()`.
            break
        case .comma:
            resolveArgument()
            endChain()
        case .semicolon:
            pendingBlockQueue = 0
            assignTarget = (0, 0)
            endChain()
        case .equals:
            assignment()
            endChain()
        default:
            endChain()
        }
        if token.kind != .identifier && token.kind != .openParen && token.kind != .question {
            callbackName = nil
        }
    }

    /// A chain with no words yet, placed at `token`: what a `(…)` or a leading dot starts.
    private func emptyChain(at token: Token) -> Chain {
        var chain = Chain()
        chain.line = tokens.line
        chain.start = token.start
        chain.lineStart = tokens.lineStart
        return chain
    }

    private mutating func endChain() {
        chainOpen = false
        expectingMember = false
    }

    // MARK: Identifiers

    private mutating func identifier(_ token: Token) {
        if readingFunctionName || (readingObjCMethodName && previous.kind == .closeParen) {
            // `func name` in Swift; `- (void)name` in Objective-C (its selector's first part).
            pendingFunctionName = token.start..<token.end
            readingFunctionName = false
            readingObjCMethodName = false
        }
        if language == .swift {
            isolationWord(token)
        } else {
            objcWord(token)
        }
        if previous.kind != .dot { identifierBeforeDot = 0 }
        if previous.kind == .identifier, uses.typeDeclarers.contains(previous.hash) { declaredTypeStart = token.start }
        if language == .swift {
            if previous.kind != .dot { completions.word(token.hash, words: uses) }
            if previous.kind == .identifier, uses.bindings.contains(previous.hash),
                let outer = braces.last(where: { $0.kind != .statement }), outer.handler >= 0
            {
                // `case .success(let message)`, `let event = …` in a handler: a value of this call.
                handlerTasks.addName(token.hash, to: outer.handler)
            }
            if let open = rearming.last, token.hash == open.name,
                previous.kind != .dot || identifierBeforeDot == uses.selfWord
            {
                // The closure calls the function it was handed from: it is called again and again.
                handlerTasks.confirm(open.handler)
            }
            continuations.identifier(token.hash, afterDot: previous.kind == .dot, beforeDot: identifierBeforeDot)
            if let open = openHandlerTasks.last, previous.kind != .dot,
                let task = handlerTasks.use(token.hash, in: open.task), let api = hazardWords.taskPerCall
            {
                addFinding(api, line: task.line, start: task.start, lineStart: task.lineStart)
            }
        }
        if let last = frames.indices.last {
            let frame = frames[last]
            if frame.argumentFinding >= 0 { frames[last].lastIdentifier = receiverTag(token) }
            if frame.kind == .message {
                if frame.messageState == 0 {
                    frames[last].messageState = 1
                } else if frame.messageState == 1, !expectingMember,
                    previous.kind == .identifier || previous.kind == .closeParen || previous.kind == .closeBracket
                {
                    frames[last].messageState = 2
                    extend(token)
                    if chain.node >= 0, !chain.suppressed, chain.literal || chain.depth > 1 {
                        // `[self performSelector:… afterDelay:…]`: the selector's other keywords
                        // are the argument words, up to the message's `]`. A receiver whose type
                        // already named the API (`[progress addObserver:…]` on an `NSProgress`)
                        // keeps it.
                        matchArguments(
                            after: token.end, open: 0x5B, close: 0x5D, refiningMembers: chain.finding < 0)
                    }
                    frames[last].saved = chain
                    if chain.finding >= 0 { frames[last].callFinding = Int32(chain.finding) }
                    chainOpen = true
                    expectingMember = false
                    return
                }
            }
        }
        if expectingMember && chainOpen {
            extend(token)
        } else {
            start(token)
        }
        chainOpen = true
        expectingMember = false
        if !held.isEmpty || lockBraces > 0 {
            callbackName = callback(token)
        }
        lastIdentifier = token.hash
    }

    // MARK: Isolation

    /// Reads the attributes and keywords that state a body's isolation, and `self` in a detached
    /// task's body.
    private mutating func isolationWord(_ token: Token) {
        typealias Words = FileScanner.HazardWords
        let hash = token.hash
        // Most identifiers are none of these words: one bit test rules them out.
        guard Words.mayBeIsolationWord(hash) else { return }
        if previous.kind == .dot {
            if hash == Words.detached, identifierBeforeDot == Words.task {
                pendingDetached = (chain.line, chain.start, chain.lineStart)
                isolation(.nonisolated, token)
            } else if hash == Words.run, identifierBeforeDot == Words.mainActor {
                isolation(.main, token)
            }
            return
        }
        if hash == Words.mainActorAttribute {
            isolation(.main, token)
        } else if hash == Words.concurrentAttribute || hash == Words.nonisolated || hash == Words.actor {
            isolation(.nonisolated, token)
        } else if hash == Words.selfWord {
            detachedBodyUsesSelf()
        } else if Words.functionWords.contains(hash) {
            pendingBody = .function
            pendingBodyFrames = frames.count
            pendingAsync = false
            readingFunctionName = hash == uses.funcWord
        } else if Words.statementWords.contains(hash), pendingBody == .other,
            frames.count == Int(braces.last?.frameDepth ?? 0)
        {
            // A keyword only at the statement level: `for` in `f(for: x)` is a label.
            pendingBody = .statement
            pendingBodyFrames = frames.count
            if uses.loopWords.contains(hash) {
                pendingLoop = true
                pendingLoopFrames = frames.count
            }
        } else if hash == Words.async, pendingBody == .function, frames.count == pendingBodyFrames {
            pendingAsync = true
        }
    }

    /// The next body at this frame depth has `isolation`; in `{ @MainActor in` (a closure's
    /// attribute, on the line of its brace), this one has.
    private mutating func isolation(_ isolation: FileScanner.Isolation, _ token: Token) {
        let attribute = isAttribute(token)
        if attribute, previous.kind == .openBrace, !token.afterNewline, let last = braces.indices.last {
            braces[last].isolation = isolation
            return
        }
        // An attribute inside a parameter list (`_ body: @MainActor () -> Void`) names a type.
        if attribute, frames.count > Int(braces.last?.frameDepth ?? 0) { return }
        pendingIsolation = isolation
        pendingIsolationFrames = frames.count
        pendingIsolationToken = token
        if isolation == .main { pendingDetached = nil }
    }

    /// `@MainActor`, `@objc`: the tokenizer reads an attribute as one identifier.
    private func isAttribute(_ token: Token) -> Bool {
        token.kind == .identifier && bytes[token.start] == 0x40
    }

    /// Whether code in the braces below `count` runs on the main actor.
    private func onMainActor(below count: Int) -> Bool {
        for brace in braces[..<count].reversed() {
            switch brace.isolation {
            case .main: return true
            case .nonisolated: return false
            case .inherit: continue
            }
        }
        return defaultIsolation == .mainActor
    }

    /// `self` in the body of a `Task.detached` written in main-actor code: report the detach once.
    private mutating func detachedBodyUsesSelf() {
        guard let api = hazardWords.detachedCallsMainActor else { return }
        for index in braces.indices.reversed() {
            // A closure that states its own isolation (`MainActor.run { }`) is not the detached body.
            if braces[index].isolation != .inherit, braces[index].detached < 0 { return }
            guard braces[index].detached >= 0 else { continue }
            let detached = detachedCalls[Int(braces[index].detached)]
            braces[index].detached = -1
            addFinding(api, line: detached.line, start: detached.start, lineStart: detached.lineStart)
            return
        }
    }

    /// Whether the word after the one at `start` is `import`.
    private func followedByADeclaration(_ start: Int) -> Bool {
        var index = start + 1
        while index < bytes.count, FileScanner.Tokenizer.isIdentifierByte(bytes[index]) { index += 1 }
        index = afterSpaces(index)
        if index < bytes.count, bytes[index] == 0x40 { return true }  // another attribute: `@MainActor`
        return Self.declarationWords.contains { word($0, at: index) }
    }

    /// The words that can follow `@preconcurrency` on a declaration or an import; in a
    /// conformance list a type's name follows it instead.
    private static let declarationWords = [
        "import", "func", "var", "let", "class", "struct", "enum", "protocol", "extension", "actor",
        "init", "subscript", "typealias", "public", "package", "internal", "fileprivate", "private",
        "open", "final", "static", "nonisolated", "override", "convenience", "required", "mutating",
    ]

    /// A closure `{` that may be a handler (`x.onMessage = {`, `setEventHandler {`), or a `Task {`
    /// directly in one.
    private mutating func handlerClosure(_ brace: inout FileScanner.Brace, taker: UInt64) {
        if (previous.kind == .equals && assignsHandler) || HandlerTaskTracker.registrations.contains(taker) {
            brace.handler = handlerTasks.openHandler()
            readingHandler = brace.handler
        } else if taker != FileScanner.HazardWords.task, previous.kind == .identifier || previous.kind == .closeParen,
            let function = contexts.last(where: { $0.name != 0 })
        {
            // A closure handed to a call: a handler if its body calls that function again.
            brace.handler = handlerTasks.openHandler(confirmed: false)
            readingHandler = brace.handler
            rearming.append((brace.handler, function.name))
        } else if taker == FileScanner.HazardWords.task, previous.kind == .identifier || previous.kind == .closeParen {
            // The body the `Task` is in: the innermost brace that is not an `if` or a loop.
            guard let outer = braces.last(where: { $0.kind != .statement }), outer.handler >= 0 else { return }
            let task = handlerTasks.openTask(
                in: outer.handler, line: chain.line, start: chain.start, lineStart: chain.lineStart)
            if task >= 0 { openHandlerTasks.append((task, braces.count + 1)) }
        }
    }

    /// A continuation body that never resumes, or resumes twice in one block.
    private mutating func continuationMistake(_ body: ContinuationTracker.Body, _ mistake: ContinuationTracker.Mistake) {
        guard let api = hazardWords.continuationMistake else { return }
        let hazard =
            switch mistake {
            case .neverResumes:
                Hazard(
                    .likely,
                    "leaked continuation: no path of the body resumes it, and it is handed nowhere else, so the "
                        + "caller waits forever",
                    reason: "no `resume` of the continuation in its body", page: "sync-wait-for-callback")
            case .returnsWithoutResuming:
                Hazard(
                    .likely,
                    "leaked continuation: the body returns on a path that hasn't resumed it, and the caller waits "
                        + "forever there",
                    reason: "a `return` from the body before any `resume` on its path", page: "sync-wait-for-callback")
            case .resumesTwice:
                Hazard(
                    .likely,
                    "double resume: two `resume` calls in one block with no `return` between them; a checked "
                        + "continuation traps on the second",
                    reason: "two `resume` calls in one block", page: "sync-wait-for-callback")
            }
        addFinding(api, line: body.line, start: body.start, lineStart: body.lineStart, hazards: [hazard])
    }

    /// A finding of a pattern-less `HazardShapes` API, reported where its call starts once what
    /// follows shows the hazard, so out of line order; `hazards` defaults to the shape's own.
    private mutating func addFinding(
        _ api: Int32, line: Int, start: Int, lineStart: Int, hazards: [Hazard]? = nil
    ) {
        var finding = RawFinding(
            line: line, column: column(of: start, lineStart: lineStart), api: api,
            hazards: hazards ?? hazardWords.shapeHazards[api].map { [$0] } ?? [])
        finding.function = contexts.last?.function ?? -1
        findings.append(finding)
        unordered = true
    }

    /// What the call that starts at `start` says before and at its closure: whether it names the
    /// main queue or actor (`group.notify(queue: .main)`, `runningHandlerOn: DispatchQueue.main`),
    /// and whether the closure is `{ @Sendable … in`, which is never main-actor isolated.
    private func closure(after start: Int) -> (namesMain: Bool, sendable: Bool) {
        var index = start
        var namesMain = false
        let limit = min(bytes.count, start + 300)
        while index < limit, bytes[index] != 0x7B {
            if bytes[index] == 0x2E, word("main", at: index + 1) { namesMain = true }
            index += 1
        }
        guard index < limit else { return (namesMain, false) }
        index += 1
        index = afterSpaces(index)
        return (namesMain, word("@Sendable", at: index))
    }

    /// The first index from `index` that is not a space, a tab or a line break.
    private func afterSpaces(_ index: Int) -> Int {
        var index = index
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0A {
            index += 1
        }
        return index
    }

    /// Whether the identifier `word` is at `index`: the bytes, then no more identifier bytes.
    private func word(_ word: String, at index: Int) -> Bool {
        let utf8 = Array(word.utf8)
        guard index + utf8.count <= bytes.count else { return false }
        for offset in utf8.indices where bytes[index + offset] != utf8[offset] { return false }
        return index + utf8.count == bytes.count || !FileScanner.Tokenizer.isIdentifierByte(bytes[index + utf8.count])
    }

    private func text(_ token: Token) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[token.start..<token.end]), as: UTF8.self)
    }

    /// The name, if it reads like a completion handler or a callback.
    private func callback(_ token: Token) -> String? {
        let name = text(token)
        let lower = name.lowercased()
        for suffix in ["completion", "handler", "callback", "block", "reply"] where lower.hasSuffix(suffix) {
            return name
        }
        if name.hasPrefix("on"), name.count > 2, name.dropFirst(2).first?.isUppercase == true { return name }
        return nil
    }

    private mutating func start(_ token: Token) {
        chain = Chain()
        chain.line = tokens.line
        chain.start = token.start
        chain.lineStart = tokens.lineStart
        chain.lastWord = token.hash
        if hazardWords.selfNames.contains(token.hash) {
            chain.afterSelf = true
            chain.node = 0
            return
        }
        if token.hash == uses.superWord {
            // `[super observeValueForKeyPath:…]`: the inherited implementation, not another use.
            chain.suppressed = true
            return
        }
        chain.depth = 1
        if let type = names[token.hash] {
            if type == FileScanner.shadowed { return }
            chain.literal = false
            chain.receiver = receiverTag(token)
            chain.node = trie.child(0, type) ?? -1
            return
        }
        chain.receiver = token.hash
        if token.start < suppressedUntil, let word = table.words[token.hash], suppressedWords.contains(word) {
            chain.suppressed = true
            return
        }
        guard let word = self.word(token) else { return }
        chain.node = trie.child(0, word) ?? -1
        reached()
    }

    private mutating func extend(_ token: Token) {
        if chain.afterSelf {
            start(token)
            return
        }
        if chain.depth == 1, chain.literal, chain.finding >= 0, !chain.member, uses.instanceGetters.contains(token.hash) {
            // `[NSNotificationCenter defaultCenter]`, `RunLoop.main`: the type's
            // shared instance, not a use of its own; a pattern further on names the call.
            findings[chain.finding].dropped = true
            chain.finding = -1
        }
        chain.lastWord = token.hash
        chain.callee = chain.receiver
        chain.receiver = Self.combine(chain.receiver, token.hash)
        if chain.suppressed { return }
        if chain.node >= 0, let word = self.word(token), let next = trie.child(chain.node, word) {
            chain.node = next
            chain.depth += 1
            reached()
            return
        }
        if let type = names[token.hash], type != FileScanner.shadowed {
            // `manager.queue.async`: the chain starts again at a name of a legacy type.
            chain.node = trie.child(0, type) ?? -1
            chain.depth = 1
            chain.literal = false
            chain.receiver = receiverTag(token)
            return
        }
        if let word = self.word(token), trie.members.contains(word), let next = trie.child(0, word) {
            // `someQueue.asyncAfter`: a distinctive member of a receiver this file does not type.
            chain.node = next
            chain.depth = 1
            chain.literal = true
            chain.member = true
            reached()
            return
        }
        chain.node = -1
        if uses.perform.contains(token.hash), previous.kind == .dot, beforePrevious.kind == .identifier,
            endsWith(beforePrevious, "ontext")
        {
            // `context.perform { }`, `viewContext.performAndWait { }`,
            // `container.viewContext.perform { }`: a Core Data context.
            chain.member = true
            record(uses.coreDataPerform)
        }
    }

    /// The word id of an identifier: a pattern word, or the pseudo-word of a prefix pattern.
    /// `mutating` so that a debug build passes `self` by reference instead of copying it per token.
    private mutating func word(_ token: Token) -> Int32? {
        if let word = table.words[token.hash] { return word }
        guard !trie.prefixes.isEmpty else { return nil }
        let length = token.end - token.start
        for prefix in trie.prefixes where prefix.bytes.count < length && bytes[token.start] == prefix.bytes[0] {
            var same = true
            for offset in 1..<prefix.bytes.count where bytes[token.start + offset] != prefix.bytes[offset] {
                same = false
                break
            }
            if same { return prefix.word }
        }
        return nil
    }

    /// A variable's name as a receiver, the same for `_lock`, `lock` and `self.lock`.
    private func receiverTag(_ token: Token) -> UInt64 {
        if bytes[token.start] == 0x5F, token.end - token.start > 1 {
            return ShapeTable.hash(String(text(token).dropFirst()))
        }
        return token.hash
    }

    /// The 1-based column, in characters, of `offset` on the line starting at `lineStart`. Counted
    /// on from the last column asked for when it is on the same line, so that many findings on one
    /// long line cost one pass over it.
    private mutating func column(of offset: Int, lineStart: Int) -> Int {
        var column = 1
        var index = lineStart
        if columnCache.lineStart == lineStart, columnCache.offset <= offset {
            column = columnCache.column
            index = columnCache.offset
        }
        while index < offset {
            if bytes[index] & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        columnCache = (lineStart, offset, column)
        return column
    }

    /// The chain reached a trie node: report its patterns that need no argument words.
    private mutating func reached() {
        guard chain.node >= 0 else { return }
        let terminals = trie.terminals[Int(chain.node)]
        guard !terminals.isEmpty, chain.literal || chain.depth > 1 else { return }
        if chain.depth == 1, chain.literal, !chain.member, namesAType() { return }
        var best: Int32?
        for terminal in terminals where terminal.arguments.isEmpty {
            if best == nil || (table.apis[Int(best!)].recipes.isEmpty && !table.apis[Int(terminal.api)].recipes.isEmpty)
            {
                best = terminal.api
            }
        }
        if let best { record(best) }
    }

    // MARK: Calls

    private mutating func openParen(_ token: Token) {
        var frame = Frame(kind: .paren, saved: chainOpen ? chain : emptyChain(at: token))
        if chainOpen, chain.node >= 0, !chain.suppressed, chain.literal || chain.depth > 1 {
            matchArguments(after: token.end)
        }
        if chainOpen, chain.finding >= 0, argumentIsReceiver() {
            frame.argumentFinding = chain.finding
        }
        if chainOpen, chain.finding >= 0 { frame.callFinding = Int32(chain.finding) }
        if language == .objc {
            frame.blockParameters =
                previous.kind == .caret || (previous.kind == .identifier && beforePrevious.kind == .caret)
        } else {
            completionCall()
        }
        frame.saved = chainOpen ? chain : emptyChain(at: token)
        if let name = callbackName {
            holdAcrossCallback(name)
            callbackName = nil
        }
        if let last = frames.indices.last, frames[last].kind == .message, frames[last].messageState == 0 {
            frames[last].messageState = 1
        }
        frames.append(frame)
        endChain()
    }

    /// Whether the call's receiver is its first argument: a C function such as `dispatch_sync`.
    private func argumentIsReceiver() -> Bool {
        chain.depth == 1 && chain.literal
    }

    private mutating func closeFrame(bracket: Bool) {
        resolveArgument()
        // Look a few frames down at most, so that unbalanced input stays linear.
        let lowest = max(0, frames.count - 16)
        guard let index = frames[lowest...].lastIndex(where: { ($0.kind == .paren) != bracket }) else {
            endChain()
            return
        }
        let frame = frames[index]
        frames.removeSubrange(index...)
        closedBlockParameters = frame.blockParameters
        chain = frame.saved
        chainOpen = frame.kind != .bracket
        expectingMember = false
    }

    /// The first argument of a call whose receiver it is has been read: apply the hazards.
    private mutating func resolveArgument() {
        guard let last = frames.indices.last, frames[last].argumentFinding >= 0 else { return }
        let finding = frames[last].argumentFinding
        var receiver = frames[last].lastIdentifier
        frames[last].argumentFinding = -1
        if receiver == hazardWords.mainQueueFunction { receiver = hazardWords.mainQueue }
        if receiver != 0 { receiverKnown(finding, receiver) }
    }

    /// Checks the argument words of the patterns at the chain's node, reading ahead at most
    /// `lookAheadLimit` bytes and stopping at the first block or closure: up to the call's `)`,
    /// or, in an Objective-C message send, up to its `]` (`open` and `close` are the brackets).
    private mutating func matchArguments(
        after start: Int, open: UInt8 = 0x28, close: UInt8 = 0x29, refiningMembers: Bool = true
    ) {
        var terminals = trie.terminals[Int(chain.node)].filter { !$0.arguments.isEmpty }
        if refiningMembers, chain.depth > 1 || !chain.literal, let word = table.words[chain.lastWord],
            trie.members.contains(word),
            let member = trie.child(0, word)
        {
            // `queue.async(group: group)`: a member pattern refines the receiver's own pattern.
            terminals += trie.terminals[Int(member)].filter { !$0.arguments.isEmpty }
        }
        guard !terminals.isEmpty else { return }
        var found: [Int32] = []
        var index = start
        var depth = 1
        let limit = min(bytes.count, start + Self.lookAheadLimit)
        while index < limit, depth > 0 {
            let byte = bytes[index]
            if byte == open {
                depth += 1
            } else if byte == close {
                depth -= 1
            } else if byte == 0x7B || byte == 0x5E {
                break
            } else if byte == 0x5C, let keyPath = uses.keyPath {
                found.append(keyPath)
            } else if FileScanner.Tokenizer.isIdentifierByte(byte) {
                var hash: UInt64 = 0xcbf2_9ce4_8422_2325
                while index < limit, FileScanner.Tokenizer.isIdentifierByte(bytes[index]) {
                    hash = (hash ^ UInt64(bytes[index])) &* 0x100_0000_01b3
                    index += 1
                }
                if let word = table.words[hash] { found.append(word) }
                continue
            }
            index += 1
        }
        var best: ShapeTable.Terminal?
        for terminal in terminals where terminal.arguments.allSatisfy(found.contains) {
            if best == nil || terminal.arguments.count > best!.arguments.count { best = terminal }
        }
        guard let best else { return }
        record(best.api)
        suppressedWords = best.arguments
        suppressedUntil = index
    }

    // MARK: Findings and hazards

    private mutating func record(_ api: Int32) {
        // `@preconcurrency import Foo` relaxes the checks of a module, and `@preconcurrency` on a
        // declaration (`@preconcurrency public func`) keeps its Swift 5 signature for old
        // clients; only a conformance is a hazard, or a use at all.
        if api == uses.preconcurrency, followedByADeclaration(chain.start) { return }
        // One finding per call: an API among another call's arguments is part of that call.
        if chain.finding < 0, insideReportedCall() { return }
        if api == uses.testExpectation, mentionsXCTest == nil {
            mentionsXCTest = Self.contains(bytes, Array("XCTest".utf8))
        }
        guard concurrencyMeaning(api) else { return }
        var hazards = hazards(of: api)
        var lead = lead(of: api)
        if chain.finding >= 0 {
            // The longer match is the more specific API and wins, even when no recipe shows it
            // yet: naming the shorter one's recipes would claim more than the guide covers.
            let old = chain.finding
            findings[old].dropped = true
            let kept = findings[old].hazards.filter { !Self.contextHazards.contains($0.danger) }
            hazards = kept + hazards.filter { hazard in !kept.contains { $0.danger == hazard.danger } }
            lead = lead ?? findings[old].lead
        }
        var finding = RawFinding(
            line: chain.line, column: column(of: chain.start, lineStart: chain.lineStart), api: api,
            hazards: hazards, word: chain.lastWord)
        finding.lead = lead
        if uses.waits.contains(api) {
            let wait = waitArguments()
            finding.nonBlocking = wait.nonBlocking
            finding.timedOrOnMain = wait.timed
        }
        finding.function = contexts.last?.function ?? -1
        finding.inLoop = braces.contains { $0.loop }
        if uses.creations.contains(api), assignTarget.line == chain.line { finding.receiver = assignTarget.name }
        if api == uses.mainQueue, assignTarget.line == chain.line, uses.callbackQueues.contains(assignTarget.name) {
            // `_delegateQueue = dispatch_get_main_queue()`: the default of a queue the caller
            // chooses for callbacks. (A queue made for a delegate, `delegateQueue =
            // OperationQueue()`, is the page of the queue it is.)
            finding.lead = "async-api-completion-queue"
        }
        findings.append(finding)
        chain.finding = findings.count - 1
        if api == uses.isMainThread, let last = contexts.indices.last { contexts[last].checksMainThread = true }
        if api == uses.nonisolatedUnsafe { unsafeDeclaration(chain.finding) }
        if !chain.literal || chain.depth > 1 || chain.member {
            receiverKnown(chain.finding, chain.callee)
        }
    }

    /// The danger words of the hazards that depend on where a call is, recomputed when a longer
    /// match replaces it.
    static let contextHazards: Set<String> = [
        isolationTrapHazard.danger, blockingInAsyncHazard.danger, needlessHopHazard.danger,
    ]

    static let isolationTrapHazard = Hazard(
        .likely,
        "runtime isolation trap: the closure is written in main-actor code, and Dispatch runs it on "
            + "another queue, where Swift's isolation check stops the app",
        reason: "a handler or callback closure written in main-actor code, run on a queue that isn't the main one",
        page: "callback-isolation-trap")
    static let blockingInAsyncHazard = Hazard(
        .likely,
        "blocking wait in async code: it holds one of the cooperative pool's few threads until the wait "
            + "ends, and enough of them starve every task",
        reason: "the call is in an `async` function or a task's closure",
        page: "semaphore-in-async-starvation")
    static let needlessHopHazard = Hazard(
        .likely,
        "needless hop: this function already runs on the main actor; the block runs later, after the code "
            + "that follows it, which reorders the work",
        reason: "`DispatchQueue.main.async` directly in the body of a main-actor function",
        page: "main-queue-ui-update")

    /// The hazards of a call that its API and the code around it make likely or possible.
    private func hazards(of api: Int32) -> [Hazard] {
        var hazards: [Hazard] = []
        switch api {
        case uses.mainSync:
            if let hazard = mainSyncHazard() { hazards.append(hazard) }
        case uses.groupNotifyGlobal:
            if language == .swift, onMainActor(below: braces.count), !closure(after: chain.start).sendable {
                hazards.append(
                    Hazard(
                        .likely,
                        "runtime isolation trap: the closure is written in main-actor code and runs on the global "
                            + "queue, where Swift's isolation check traps",
                        reason: "`notify(queue: .global())` in main-actor code", page: "isolation-inference-trap"))
            }
        case uses.operationStart:
            let main = language == .swift && onMainActor(below: braces.count)
            hazards.append(
                Hazard(
                    main ? .likely : .possible,
                    "blocking call: it runs the operation on the calling thread and blocks it until the work is done",
                    reason: main
                        ? "`start()` is called in main-actor code" : "nothing in the file shows which thread calls it",
                    page: "block-operation-start"))
        case uses.preconcurrency:
            let main = pendingIsolation == .main || onMainActor(below: braces.count)
            hazards.append(
                Hazard(
                    main ? .likely : .possible,
                    "isolation trap: a conformance's witnesses trap when the SDK calls them off the main actor",
                    reason: main
                        ? "a `@preconcurrency` conformance of a main-actor type"
                        : "a `@preconcurrency` conformance; whether the type is main-actor code isn't stated here",
                    page: "delegate-conformance-isolation"))
        case uses.nonisolatedUnsafe:
            break
        default:
            if let hazard = table.apis[Int(api)].hazard {
                hazards.append(Hazard(.possible, hazard, reason: "every use of this API can do it"))
            }
        }
        if hazards.isEmpty, isolationTrap(api) { hazards.append(Self.isolationTrapHazard) }
        if language == .swift {
            if hazardWords.blockingWaits.contains(api), inAsyncCode(), !waitArguments().nonBlocking {
                hazards.append(Self.blockingInAsyncHazard)
            }
            if api == uses.mainAsync, inMainActorFunctionBody() { hazards.append(Self.needlessHopHazard) }
        }
        return hazards
    }

    /// `DispatchQueue.main.sync` traps when it runs on the main thread: likely in main-actor code,
    /// not in a block on another queue or after a test of `Thread.isMainThread`, possible elsewhere.
    private func mainSyncHazard() -> Hazard? {
        if contexts.last?.checksMainThread == true || inBlockOffMain() { return nil }
        let main = language == .swift && onMainActor(below: braces.count)
        return Hazard(
            main ? .likely : .possible,
            "deadlock: it traps when called on the main thread (libdispatch detects the deadlock)",
            reason: main
                ? "the call is in main-actor code"
                : "nothing in the file shows which thread calls it: no main-thread test, not in a block on another queue",
            page: "sync-deadlock")
    }

    /// The page this use of the API is about, when the code right here says.
    private func lead(of api: Int32) -> String? {
        switch api {
        case uses.isMainThread:
            return testsCondition(before: chain.start) ? "main-inline-or-async" : "main-thread-check"
        case uses.threadSleep:
            // A sleep in a block on a queue holds one of its threads: after the migration, one of
            // the pool's few.
            return inBlockOffMain() ? "blocking-the-pool" : nil
        case uses.mainAsync, uses.mainSync:
            if contexts.last?.checksMainThread == true { return "main-inline-or-async" }
            return inBlockOffMain() ? "background-then-main" : nil
        case uses.queueAsync:
            // `callbackQueue.async { completion(result) }`: a completion on the caller's queue.
            let named =
                previous.kind == .dot && beforePrevious.kind == .identifier
                && (endsWith(beforePrevious, "allbackQueue") || endsWith(beforePrevious, "ompletionQueue"))
            return named ? "async-api-completion-queue" : nil
        default:
            return nil
        }
    }

    /// Whether the API means concurrency here: a blocking file read only where blocking matters
    /// (in a block on a queue, in `async` code, in main-actor code), a notification post only when
    /// it is the app's own notification.
    private mutating func concurrencyMeaning(_ api: Int32) -> Bool {
        if api == uses.blockingFileCall {
            return inBlockOffMain() || braces.contains { $0.async }
                || (language == .swift && onMainActor(below: braces.count))
        }
        if api == uses.notificationPost { return !postsFrameworkNotification(from: chain.start) }
        if api == uses.testExpectation { return mentionsXCTest == true }
        if api == uses.completionHandler, language == .swift { return declaresOrPassesAHandler() }
        if api == uses.operationInternals, uses.completionBlockWords.contains(chain.lastWord) {
            return completionBlockOfAnOperation()
        }
        if api == uses.coreDataPerform, chain.lastWord == uses.performWord {
            // `perform { }` is a common name: a managed object context's when the receiver is
            // declared as one, or when the name right before `.perform` is named like one
            // (`context`, `container.viewContext`; not `context.request`).
            var end = chain.start
            while end < bytes.count, FileScanner.Tokenizer.isIdentifierByte(bytes[end]) { end += 1 }
            let receiver = chain.start..<end
            if names[hash(receiver)] == nil {
                if previous.kind == .dot, beforePrevious.kind == .identifier { return endsWith(beforePrevious, "ontext") }
                return endsWith(receiver, "ontext")
            }
        }
        return true
    }

    /// Whether the `completionBlock` just read is an operation's: its receiver is declared as an
    /// operation, is named like one (`op`, `fetchOperation`), or is `self` in a file that
    /// subclasses one. An image SDK's token, a listener's ivar and a parameter named
    /// `completionBlock` are callbacks of their own, not `Operation.completionBlock`.
    private mutating func completionBlockOfAnOperation() -> Bool {
        let receiver: Token
        if previous.kind == .dot, beforePrevious.kind == .identifier {
            receiver = beforePrevious
        } else if language == .objc, previous.kind == .identifier, chain.lastWord == uses.setCompletionBlockWord {
            receiver = previous  // `[op setCompletionBlock:…]`
        } else {
            return false
        }
        if receiver.hash == uses.selfWord {
            if subclassesAnOperation == nil {
                subclassesAnOperation = [": NSOperation", ": Operation", ": BlockOperation", ": NSBlockOperation"]
                    .contains { Self.contains(bytes, Array($0.utf8)) }
            }
            return subclassesAnOperation == true
        }
        if let type = names[receiver.hash], type != FileScanner.shadowed { return true }
        return endsWith(receiver, "peration") || endsWith(receiver, "Op") || text(receiver) == "op"
    }

    /// Whether a Swift `completionHandler` just read is a callback API's: a parameter declared with
    /// a function type (`completionHandler: @escaping (Data) -> Void`, `completionHandler handler:
    /// Handler? = nil`) or a closure passed to one (`completionHandler: { … }`). A stored property (`var
    /// completionHandler: …`), an assignment, a nil check, a call of the stored handler and a
    /// forwarded argument (`completionHandler: completionHandler`, or `nil`) are not uses of their own: on an
    /// image SDK's prefetcher they were 11 of 80 findings sampled, each a second report of one API.
    private func declaresOrPassesAHandler() -> Bool {
        if previous.kind == .identifier, previous.hash == Self.varWord || previous.hash == Self.letWord {
            return false
        }
        var index = tokens.index
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
        // A parameter's own name after the label: `completionHandler handler: @escaping …`.
        if index < bytes.count, FileScanner.Tokenizer.isIdentifierByte(bytes[index]) {
            while index < bytes.count, FileScanner.Tokenizer.isIdentifierByte(bytes[index]) { index += 1 }
            while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
        }
        guard index < bytes.count, bytes[index] == 0x3A else { return false }
        index = afterSpaces(index + 1)
        guard index < bytes.count else { return false }
        let byte = bytes[index]
        // `{` a closure, `@` an attribute of a function type, `(` a function type, or a type's name.
        if byte == 0x7B || byte == 0x40 || byte == 0x28 || (byte >= 0x41 && byte <= 0x5A) { return true }
        // A closure kept in a variable and passed (`completionHandler: onLoaded`) is a call of the
        // API; the caller's own handler passed on, or none, is not a use of its own.
        guard FileScanner.Tokenizer.isIdentifierByte(byte), !(byte >= 0x30 && byte <= 0x39) else { return false }
        return !word("completionHandler", at: index) && !word("nil", at: index)
    }

    private static let varWord = ShapeTable.hash("var")
    private static let letWord = ShapeTable.hash("let")

    /// Inside the arguments of a call that is already a finding, and not in a closure among them.
    private func insideReportedCall() -> Bool {
        let base = Int(braces.last?.frameDepth ?? 0)
        guard base < frames.count else { return false }
        for frame in frames[base...] where frame.callFinding >= 0 && !findings[Int(frame.callFinding)].dropped {
            return true
        }
        return false
    }

    /// In a block that a queue other than the main one runs (`global().async { }`, an operation
    /// queue's block): the innermost such block decides.
    private func inBlockOffMain() -> Bool {
        guard let queue = braces.last(where: { $0.queue != 0 })?.queue else { return false }
        return !uses.mainQueues.contains(queue)
    }

    /// Whether the code here runs in a task: in an `async` function's body, a closure a task runs
    /// (`Task { }`, `addTask { }`, `withCheckedContinuation { }`), or a statement inside one. Any
    /// other closure stops the search: `pool.run { }` may run its body on a thread of its own.
    private func inAsyncCode() -> Bool {
        for brace in braces.reversed() {
            if brace.async { return true }
            if brace.kind != .statement { return false }
        }
        return false
    }

    /// Whether the code here is a statement of a main-actor function (in its body or its `if`s and
    /// loops), not in a closure, whose caller might be on another thread.
    private func inMainActorFunctionBody() -> Bool {
        for (index, brace) in braces.enumerated().reversed() {
            switch brace.kind {
            case .statement: continue
            case .function: return onMainActor(below: index + 1)
            case .other: return false
            }
        }
        return false
    }

    /// A handler or callback closure written in main-actor code that Dispatch runs on a queue that
    /// is not the main one. A source's queue is named where the source is made, so a handler is
    /// reported whatever its queue; a call that names its queue is reported unless that is `.main`.
    private func isolationTrap(_ api: Int32) -> Bool {
        guard language == .swift else { return false }
        let words = scanner.hazards
        let handler = words.callbackTraps.contains(chain.lastWord)
        guard handler || words.callbackTrapAPIs.contains(api), onMainActor(below: braces.count) else { return false }
        let call = closure(after: chain.start)
        return !call.sendable && (handler || !call.namesMain)
    }

    private mutating func receiverKnown(_ finding: Int, _ receiver: UInt64) {
        let api = findings[finding].api
        let words = scanner.hazards
        let depth = braces.count
        let line = findings[finding].line
        if findings[finding].receiver == 0 { findings[finding].receiver = receiver }
        if words.submit.contains(api) {
            if words.sync.contains(api), braces.contains(where: { $0.queue == receiver }) {
                findings[finding].addHazard(
                    Hazard(
                        .likely, "deadlock: `sync` onto a queue from a block already running on that queue",
                        reason: "the `sync` is inside a block submitted to the same queue", page: "sync-deadlock"))
            }
            if uses.globalQueues.contains(receiver), findings[finding].lead == nil {
                // Work handed to a global queue: background work, whose page is the hop back.
                findings[finding].lead = "background-then-main"
            } else if api == uses.operationAdd, uses.mainQueues.contains(receiver), findings[finding].lead == nil {
                // `OperationQueue.main.addOperation { }`: one-off work on main, not an operation queue's.
                findings[finding].lead = "operation-main-queue-block"
            }
            pendingBlockQueue = receiver
            pendingBlockDepth = frames.count + 1
        }
        if words.signal.contains(api) {
            signals[receiver] = (line, depth)
            if let queue = braces.last(where: { $0.queue != 0 })?.queue, uses.mainQueues.contains(queue) {
                findings[finding].timedOrOnMain = true
            }
        }
        if words.wait.contains(api), !findings[finding].nonBlocking, let signal = signals[receiver], signal.depth > depth,
            line - signal.line <= Self.waitWindow
        {
            let main = language == .swift && onMainActor(below: braces.count)
            findings[finding].addHazard(
                Hazard(
                    main ? .likely : .possible,
                    "blocking wait for a callback: it deadlocks if the callback needs this thread or queue, and "
                        + "starves the pool in async code",
                    reason: main
                        ? "main-actor code waits for a callback that signals it: the main thread is blocked until then"
                        : "it waits for a callback that signals it; the file doesn't show which thread waits, or where "
                            + "the callback runs",
                    page: "sync-wait-for-callback"))
        }
        let word = findings[finding].word
        if words.acquire.contains(word) || words.scoped.contains(word) { lockTaken(finding, receiver) }
        if words.acquire.contains(word) { held[receiver] = (finding, depth) }
        if words.release.contains(word) { held.removeValue(forKey: receiver) }
        if words.scoped.contains(word) {
            pendingLockFinding = finding
            pendingLockDepth = frames.count + 1
        }
    }

    /// A lock taken while others are held: remember the order, for an inversion elsewhere.
    private mutating func lockTaken(_ finding: Int, _ receiver: UInt64) {
        lockReceivers[finding] = receiver
        for (outer, value) in held where outer != receiver {
            lockPairs[Pair(outer: outer, inner: receiver)] = (finding, value.finding)
        }
        for brace in braces where brace.lockFinding >= 0 {
            guard let outer = lockReceivers[Int(brace.lockFinding)], outer != receiver else { continue }
            lockPairs[Pair(outer: outer, inner: receiver)] = (finding, Int(brace.lockFinding))
        }
    }

    /// Two locks taken in one order in one place and in the other order in another: two threads
    /// doing both deadlock.
    private mutating func lockOrderInversions() {
        for (pair, here) in lockPairs {
            guard let there = lockPairs[Pair(outer: pair.inner, inner: pair.outer)] else { continue }
            findings[here.inner].addHazard(
                Hazard(
                    .likely,
                    "lock-order inversion: this lock is taken while another is held, and line \(findings[there.inner].line) "
                        + "takes the two in the opposite order; two threads doing both deadlock",
                    reason: "nested locks on the same two objects, in opposite orders", page: "lock-order-deadlock"))
            findings[here.outer].lead = "lock-order-deadlock"
        }
    }

    private mutating func holdAcrossCallback(_ name: String) {
        let depth = braces.count
        for (_, value) in held where value.depth <= depth { heldAcross(name, value.finding) }
        for brace in braces where brace.lockFinding >= 0 { heldAcross(name, Int(brace.lockFinding)) }
    }

    /// A callback called with the lock of `finding` held: likely a deadlock if it takes the lock
    /// again, unless the lock is recursive (`@synchronized`), where it deadlocks only if the
    /// callback waits for another thread that takes it.
    private mutating func heldAcross(_ name: String, _ finding: Int) {
        let recursive = findings[finding].api == uses.synchronized
        findings[finding].addHazard(
            Hazard(
                recursive ? .possible : .likely,
                "lock held across a callback (`\(name)`): it deadlocks if the callback takes the lock",
                reason: recursive
                    ? "`\(name)` is called inside a recursive lock: a deadlock only if the callback waits for a thread "
                        + "that takes it"
                    : "`\(name)` is called while a lock that isn't recursive is held",
                page: "lock-zoo"))
    }

    // MARK: Reading the use

    /// A function's or closure's `{` opens: a context for the rules that ask about "the same
    /// function".
    private mutating func openContext(_ brace: FileScanner.Brace) {
        let enclosing = contexts.last?.function ?? -1
        var function = enclosing
        var name: UInt64 = 0
        if brace.kind == .function {
            if let range = pendingFunctionName { name = hash(range) }
            if enclosing < 0 {
                function = Int32(functionNames.count)
                functionNames.append(pendingFunctionName ?? 0..<0)
            }
        }
        pendingFunctionName = nil
        contexts.append(
            Context(
                depth: braces.count, serial: nextContext, function: function, name: name,
                closure: brace.kind == .other))
        nextContext += 1
    }

    /// Objective-C keywords that Swift's isolation words cover in Swift: loops, and the class
    /// headers whose `{` holds instance variables.
    private mutating func objcWord(_ token: Token) {
        guard token.end - token.start <= 15 else { return }
        if uses.loopWords.contains(token.hash) {
            pendingLoop = true
            pendingLoopFrames = frames.count
        } else if uses.classHeaders.contains(token.hash) {
            objcClassHeader = true
        }
    }

    /// An Objective-C brace: a method's or function's body at the top level, a block's after `^`,
    /// a statement's otherwise.
    private mutating func objcBraceKind() -> FileScanner.Brace.Kind {
        if braces.isEmpty {
            defer { objcClassHeader = false }
            return objcClassHeader ? .other : .function
        }
        if previous.kind == .caret || (previous.kind == .closeParen && closedBlockParameters) { return .other }
        return .statement
    }

    /// `name = …` or `name += …`: the name a call on the right makes, and a write to a
    /// `nonisolated(unsafe)` variable.
    private mutating func assignment() {
        var target = previous
        var compound = false
        if previous.kind != .identifier, previous.end - previous.start == 1,
            [0x2B, 0x2D, 0x2A, 0x2F, 0x25, 0x7C, 0x26, 0x5E].contains(bytes[previous.start]),
            beforePrevious.kind == .identifier
        {
            target = beforePrevious
            compound = true
        }
        guard target.kind == .identifier else {
            assignTarget = (0, 0)
            return
        }
        assignTarget = (receiverTag(target), tokens.line)
        guard !unsafeVariables.isEmpty, let variable = unsafeVariables.index(of: target.hash) else { return }
        let guarded = lockBraces > 0 || !held.isEmpty || braces.contains { $0.queue != 0 }
        unsafeVariables.write(
            variable, context: contexts.last?.serial ?? -1, closure: contexts.last?.closure ?? false,
            compound: compound, guarded: guarded)
    }

    /// `nonisolated(unsafe) static var name`: the page for what it declares, and its writes to
    /// follow when it is a `var`.
    private mutating func unsafeDeclaration(_ finding: Int) {
        let declaration = UnsafeVariableTracker.declaration(in: bytes, after: chain.start)
        if declaration.isStatic || braces.isEmpty {
            findings[finding].lead = "thread-safe-singleton"
        } else if braces.contains(where: { $0.kind == .function }) {
            findings[finding].lead = "sync-wait-for-callback"
        } else {
            findings[finding].lead = "lock-zoo"
        }
        if declaration.isVar, let name = declaration.name {
            unsafeVariables.declare(hash(name), finding: finding)
        }
    }

    /// A call of a completion handler (`completion(…)`, `handler?(…)`) in Swift: reported when
    /// another call of it came first on the same path.
    private mutating func completionCall() {
        let name: Token
        if previous.kind == .identifier, beforePrevious.kind != .dot {
            name = previous
        } else if previous.kind == .question, beforePrevious.kind == .identifier {
            name = beforePrevious
        } else {
            return
        }
        guard endsWith(name, "ompletion") || endsWith(name, "andler") || endsWith(name, "allback")
            || endsWith(name, "eply"), completions.call(name.hash), uses.completionTwice >= 0
        else { return }
        addFinding(uses.completionTwice, line: tokens.line, start: name.start, lineStart: tokens.lineStart)
    }

    /// A re-arming completion handler closes: report its tasks that used an argument.
    private mutating func reportRearmedTasks(_ handler: Int32) {
        if let last = rearming.last, last.handler == handler { rearming.removeLast() }
        guard let api = hazardWords.taskPerCall else { return }
        for task in handlerTasks.close(handler) {
            addFinding(api, line: task.line, start: task.start, lineStart: task.lineStart)
        }
    }

    /// Whether the bare type name just read names a type, not a use: a declaration's type
    /// (`let lock: NSLock`, `-(void)f:(NSTimer *)t`, `pthread_mutex_t m;`), a generic argument, a
    /// cast. A call (`NSLock()`), a member (`Thread.sleep`), an Objective-C message's receiver and a
    /// class's superclass (`class Fetch: Operation`) are uses.
    private func namesAType() -> Bool {
        var next = tokens.index
        while next < bytes.count, bytes[next] == 0x20 || bytes[next] == 0x09 { next += 1 }
        let following: UInt8 = next < bytes.count ? bytes[next] : 0
        if language == .objc {
            if let frame = frames.last, frame.kind == .message, frame.messageState == 1, previous.kind == .openBracket {
                return false
            }
            return following == 0x2A || (following != 0 && FileScanner.Tokenizer.isIdentifierByte(following))
        }
        if following == 0x28 || following == 0x7B || following == 0x2E { return false }
        switch previous.kind {
        case .colon:
            return !(beforePrevious.kind == .identifier && declaredTypeStart == beforePrevious.start)
        case .openBracket:
            return beforePrevious.kind == .colon
        case .other:
            return bytes[previous.start] == 0x3C
        case .question:
            return beforePrevious.kind == .identifier && uses.castWords.contains(beforePrevious.hash)
        case .identifier:
            return uses.castWords.contains(previous.hash)
        default:
            return false
        }
    }

    /// What a wait's arguments ask for, read once: no wait at all (`wait(timeout: .now())`,
    /// `dispatch_semaphore_wait(s, DISPATCH_TIME_NOW)`), or a finite timeout (`wait(timeout:
    /// deadline)`, `dispatch_time(…)`; not `.distantFuture` or `DISPATCH_TIME_FOREVER`).
    private func waitArguments() -> (nonBlocking: Bool, timed: Bool) {
        var index = tokens.index
        let limit = min(bytes.count, index + 200)
        var depth = 0
        var now = false
        var computed = false  // `.now() + 2`, a closure, `dispatch_time(…)`: a deadline ahead
        var timeout = false
        var forever = false
        while index < limit {
            let byte = bytes[index]
            if byte == 0x28 {
                depth += 1
            } else if byte == 0x29 {
                depth -= 1
                if depth <= 0 { break }
            } else if byte == 0x2B || byte == 0x7B {
                computed = true
            } else if word("now", at: index) || word("DISPATCH_TIME_NOW", at: index) {
                now = true
            } else if word("dispatch_time", at: index) {
                computed = true
                timeout = true
            } else if word("timeout", at: index) {
                timeout = true
            } else if word("distantFuture", at: index) || word("DISPATCH_TIME_FOREVER", at: index) {
                forever = true
            }
            index += 1
        }
        return (now && !computed, timeout && !forever)
    }

    /// Whether the expression at `start` is the condition of an `if`, `guard` or `while`:
    /// `if Thread.isMainThread`, `if (![NSThread isMainThread])`.
    private func testsCondition(before start: Int) -> Bool {
        var index = start - 1
        while index >= 0, [0x20, 0x09, 0x0A, 0x28, 0x5B, 0x21].contains(bytes[index]) { index -= 1 }
        let end = index + 1
        while index >= 0, FileScanner.Tokenizer.isIdentifierByte(bytes[index]) { index -= 1 }
        let keyword = String(decoding: UnsafeBufferPointer(rebasing: bytes[(index + 1)..<end]), as: UTF8.self)
        return ["if", "guard", "while"].contains(keyword)
    }

    /// Whether the post that starts at `start` posts a framework's notification
    /// (`NSWorkspaceDidChangeFileLabelsNotification`, `UIApplication.didReceiveMemoryWarningNotification`):
    /// the app simulating a system event, not an event of its own.
    private func postsFrameworkNotification(from start: Int) -> Bool {
        var index = start
        let limit = min(bytes.count, start + 400)
        var depth = 0
        var opened = false
        var lastWordStart = -1
        while index < limit {
            let byte = bytes[index]
            if byte == 0x28 || byte == 0x5B {
                depth += 1
                opened = true
            } else if byte == 0x29 || byte == 0x5D {
                depth -= 1
                if opened, depth <= 0 { return false }
            } else if byte == 0x7B || byte == 0x3B {
                return false
            } else if FileScanner.Tokenizer.isIdentifierByte(byte) {
                let wordStart = index
                while index < limit, FileScanner.Tokenizer.isIdentifierByte(bytes[index]) { index += 1 }
                let member = wordStart > 0 && bytes[wordStart - 1] == 0x2E
                if endsWith(wordStart..<index, "Notification"),
                    Self.frameworkPrefix(bytes, wordStart) || (member && lastWordStart >= 0
                        && Self.frameworkPrefix(bytes, lastWordStart))
                {
                    return true
                }
                lastWordStart = wordStart
                continue
            }
            index += 1
        }
        return false
    }

    /// Apple's framework prefixes, for a notification name.
    private static let frameworkPrefixes: Set<String> = [
        "NS", "UI", "AV", "MP", "WK", "CK", "MK", "CL", "EK", "PH", "GK", "SK", "AX", "CA", "UN", "HK", "CN", "SF",
    ]

    private static func frameworkPrefix(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int) -> Bool {
        guard start + 2 < bytes.count, bytes[start + 2] >= 0x41, bytes[start + 2] <= 0x5A else { return false }
        let prefix = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<(start + 2)]), as: UTF8.self)
        return frameworkPrefixes.contains(prefix)
    }

    private func endsWith(_ token: Token, _ suffix: String) -> Bool {
        endsWith(token.start..<token.end, suffix)
    }

    private func endsWith(_ range: Range<Int>, _ suffix: String) -> Bool {
        let utf8 = Array(suffix.utf8)
        guard range.count >= utf8.count else { return false }
        let from = range.upperBound - utf8.count
        for offset in utf8.indices where bytes[from + offset] != utf8[offset] { return false }
        return true
    }

    private func hash(_ range: Range<Int>) -> UInt64 {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for index in range { value = (value ^ UInt64(bytes[index])) &* 0x100_0000_01b3 }
        return value
    }
}
