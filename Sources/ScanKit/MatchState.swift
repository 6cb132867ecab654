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
    let names: [UInt64: Int32]
    var findings: [RawFinding] = []

    private var tokens: FileScanner.Tokenizer
    private var chain = Chain()
    /// The chain may go on: the last token ended it (an identifier, or the `)` of its call).
    private var chainOpen = false
    private var expectingMember = false
    private var frames: [Frame] = []
    private var braces: [FileScanner.Brace] = []
    private var previous = Token()
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

    private static let lookAheadLimit = 1024
    /// Nesting deeper than this is only counted, so that memory stays flat on any input.
    private static let maxDepth = 512
    private var frameOverflow = 0
    private var braceOverflow = 0
    private static let waitWindow = 12

    init(scanner: FileScanner, bytes: UnsafeBufferPointer<UInt8>, names: [UInt64: Int32]) {
        self.scanner = scanner
        self.bytes = bytes
        self.names = names
        tokens = FileScanner.Tokenizer(bytes)
    }

    static func combine(_ receiver: UInt64, _ word: UInt64) -> UInt64 {
        (receiver &* 0x9E37_79B9_7F4A_7C15) ^ word
    }

    private var trie: ShapeTable.Trie { scanner.trie }
    private var table: ShapeTable { scanner.table }

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
            if scanner.language == .swift {
                continuations.token(token.kind)
                if readingHandler >= 0 {
                    handlerTasks.read(token, in: readingHandler)
                    if !handlerTasks.handlers[Int(readingHandler)].reading { readingHandler = -1 }
                }
                if token.kind == .equals {
                    assignsHandler = previous.kind == .identifier && HandlerTaskTracker.isHandlerProperty(bytes, previous)
                }
            }
            handle(token)
            previous = token
        }
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
                scanner.language == .objc && previous.kind != .identifier && previous.kind != .closeParen
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
            if scanner.language == .swift, brace.kind == .other {
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
            } else if scanner.language == .swift {
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
                brace.isolation = brace.queue == scanner.hazards.mainQueue ? .main : .nonisolated
            }
            braces.append(brace)
            if brace.lockFinding >= 0 { lockBraces += 1 }
            endChain()
        case .closeBrace:
            if let brace = braces.popLast(), brace.lockFinding >= 0 { lockBraces -= 1 }
            if let open = openHandlerTasks.last, open.depth > braces.count { openHandlerTasks.removeLast() }
            if scanner.language == .swift, let ended = continuations.close(braces: braces.count) {
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
        if scanner.language == .swift { isolationWord(token) }
        if previous.kind != .dot { identifierBeforeDot = 0 }
        if scanner.language == .swift {
            continuations.identifier(token.hash, afterDot: previous.kind == .dot, beforeDot: identifierBeforeDot)
            if let open = openHandlerTasks.last, previous.kind != .dot,
                let task = handlerTasks.use(token.hash, in: open.task), let api = scanner.hazards.taskPerCall
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
        } else if Words.statementWords.contains(hash), pendingBody == .other {
            pendingBody = .statement
            pendingBodyFrames = frames.count
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
        return scanner.defaultIsolation == .mainActor
    }

    /// `self` in the body of a `Task.detached` written in main-actor code: report the detach once.
    private mutating func detachedBodyUsesSelf() {
        guard let api = scanner.hazards.detachedCallsMainActor else { return }
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
    private func followedByImport(_ start: Int) -> Bool {
        var index = start + 1
        while index < bytes.count, FileScanner.Tokenizer.isIdentifierByte(bytes[index]) { index += 1 }
        index = afterSpaces(index)
        return word("import", at: index)
    }

    /// A closure `{` that may be a handler (`x.onMessage = {`, `setEventHandler {`), or a `Task {`
    /// directly in one.
    private mutating func handlerClosure(_ brace: inout FileScanner.Brace, taker: UInt64) {
        if (previous.kind == .equals && assignsHandler) || HandlerTaskTracker.registrations.contains(taker) {
            brace.handler = handlerTasks.openHandler()
            readingHandler = brace.handler
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
        guard let api = scanner.hazards.continuationMistake else { return }
        let hazard =
            switch mistake {
            case .neverResumes:
                "likely leaked continuation: no path of the body resumes it, and it is handed nowhere else, so "
                    + "the caller waits forever (sync-wait-for-callback)"
            case .returnsWithoutResuming:
                "likely leaked continuation: the body returns on a path that hasn't resumed it, and the caller "
                    + "waits forever there (sync-wait-for-callback)"
            case .resumesTwice:
                "likely double resume: two `resume` calls in one block with no `return` between them; a checked "
                    + "continuation traps on the second (sync-wait-for-callback)"
            }
        addFinding(api, line: body.line, start: body.start, lineStart: body.lineStart, hazards: [hazard])
    }

    /// A finding of a pattern-less `HazardShapes` API, reported where its call starts once what
    /// follows shows the hazard, so out of line order; `hazards` defaults to the API's own.
    private mutating func addFinding(
        _ api: Int32, line: Int, start: Int, lineStart: Int, hazards: [String]? = nil
    ) {
        findings.append(
            RawFinding(
                line: line, column: column(of: start, lineStart: lineStart), api: api,
                hazards: hazards ?? table.apis[Int(api)].hazard.map { [$0] } ?? []))
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
        if scanner.hazards.selfNames.contains(token.hash) {
            chain.afterSelf = true
            chain.node = 0
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
            reached()
            return
        }
        chain.node = -1
    }

    /// The word id of an identifier: a pattern word, or the pseudo-word of a prefix pattern.
    private func word(_ token: Token) -> Int32? {
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
        if receiver == scanner.hazards.mainQueueFunction { receiver = scanner.hazards.mainQueue }
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
        // `@preconcurrency import Foo` relaxes the checks of a module; only a conformance is a hazard.
        if api == scanner.hazards.preconcurrency, followedByImport(chain.start) { return }
        var hazards: [String] = []
        if let hazard = table.apis[Int(api)].hazard { hazards.append(hazard) }
        if hazards.isEmpty, isolationTrap(api) { hazards.append(Self.isolationTrapHazard) }
        if scanner.language == .swift {
            if scanner.hazards.blockingWaits.contains(api), inAsyncCode() { hazards.append(Self.blockingInAsyncHazard) }
            if api == scanner.hazards.mainAsync, inMainActorFunctionBody() { hazards.append(Self.needlessHopHazard) }
        }
        if chain.finding >= 0 {
            // The longer match is the more specific API and wins, even when no recipe shows it
            // yet: naming the shorter one's recipes would claim more than the guide covers.
            let old = chain.finding
            findings[old].dropped = true
            let kept = findings[old].hazards.filter { !Self.contextHazards.contains($0) }
            hazards = kept + hazards.filter { !kept.contains($0) }
        }
        findings.append(
            RawFinding(
                line: chain.line, column: column(of: chain.start, lineStart: chain.lineStart), api: api,
                hazards: hazards, word: chain.lastWord))
        chain.finding = findings.count - 1
        if !chain.literal || chain.depth > 1 {
            receiverKnown(chain.finding, chain.callee)
        }
    }

    static let isolationTrapHazard =
        "likely runtime isolation trap: the closure is written in main-actor code, and Dispatch runs it on "
        + "another queue, where Swift's isolation check stops the app (callback-isolation-trap)"

    static let blockingInAsyncHazard =
        "likely blocking wait in async code: it holds one of the cooperative pool's few threads until the "
        + "wait ends, and enough of them starve every task (semaphore-in-async-starvation)"
    static let needlessHopHazard =
        "likely needless hop: this function already runs on the main actor; the block runs later, after "
        + "the code that follows it, which reorders the work (main-queue-ui-update)"
    /// The hazards that depend on where a call is, recomputed when a longer match replaces it.
    static let contextHazards: Set<String> = [isolationTrapHazard, blockingInAsyncHazard, needlessHopHazard]

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
        guard scanner.language == .swift else { return false }
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
        if words.submit.contains(api) {
            if words.sync.contains(api), braces.contains(where: { $0.queue == receiver }) {
                findings[finding].addHazard(
                    "likely deadlock: `sync` onto a queue from a block already running on that queue")
            }
            pendingBlockQueue = receiver
            pendingBlockDepth = frames.count + 1
        }
        if words.signal.contains(api) { signals[receiver] = (line, depth) }
        if words.wait.contains(api), let signal = signals[receiver], signal.depth > depth,
            line - signal.line <= Self.waitWindow
        {
            findings[finding].addHazard(
                "likely blocking wait for a callback: it deadlocks if the callback needs this thread or queue, "
                    + "and starves the pool in async code")
        }
        let word = findings[finding].word
        if words.acquire.contains(word) { held[receiver] = (finding, depth) }
        if words.release.contains(word) { held.removeValue(forKey: receiver) }
        if words.scoped.contains(word) {
            pendingLockFinding = finding
            pendingLockDepth = frames.count + 1
        }
    }

    private mutating func holdAcrossCallback(_ name: String) {
        let hazard = "likely lock held across a callback (`\(name)`): it deadlocks if the callback takes the lock"
        let depth = braces.count
        for (_, value) in held where value.depth <= depth { findings[value.finding].addHazard(hazard) }
        for brace in braces where brace.lockFinding >= 0 { findings[Int(brace.lockFinding)].addHazard(hazard) }
    }
}
