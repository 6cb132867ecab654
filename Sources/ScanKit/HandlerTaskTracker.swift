/// Finds a `Task { }` started on every call of a handler that is called again and again, whose
/// body uses the handler's arguments: `socket.onMessage = { message in Task { await handle(message) } }`.
///
/// The tasks start in call order but run in any order, so the messages can be handled out of
/// order. A handler is a closure assigned to a property named `on…` or `…Handler`, passed to a
/// call that registers one (`setEventHandler`, `addObserver`, `observe`, `sink`, `onReceive`), or
/// a completion handler that re-arms itself: its body calls again the function that handed it
/// over (`socket.receive { … self.receiveNext() }`). Any other one-shot completion handler is not,
/// since one call has no order to lose.
struct HandlerTaskTracker {
    /// A handler closure: its parameter names, once read from `{ a, b in`.
    struct Handler {
        var names: [UInt64] = []
        var reading = true
        var tokensRead = 0
        /// In a parameter's type (`{ (message: String) in`): its words are not names.
        var inType = false
        /// A completion handler, a handler only once its body is seen to re-arm it.
        var confirmed = true
    }

    /// A `Task {` in a handler's body, reported once its body uses an argument.
    struct TaskInHandler {
        let line: Int
        let start: Int
        let lineStart: Int
        let names: [UInt64]
        let handler: Int32
        var reported = false
        /// Its body used an argument while its handler was not yet known to re-arm.
        var used = false
    }

    private(set) var handlers: [Handler] = []
    private(set) var tasks: [TaskInHandler] = []

    static let registrations = WordSet(
        ["setEventHandler", "setCancelHandler", "addObserver", "observe", "sink", "onReceive", "subscribe"]
            .map(ShapeTable.hash))
    static let skipped = WordSet(["weak", "unowned", "self", "_", "in"].map(ShapeTable.hash))
    static let inWord = ShapeTable.hash("in")

    /// Whether a property of this name holds a handler: `onMessage`, `eventHandler`. Read from the
    /// bytes, since it is asked at every `=`.
    static func isHandlerProperty(_ bytes: UnsafeBufferPointer<UInt8>, _ token: FileScanner.Token) -> Bool {
        let count = token.end - token.start
        if count > 2, bytes[token.start] == 0x6F, bytes[token.start + 1] == 0x6E,
            bytes[token.start + 2] >= 0x41, bytes[token.start + 2] <= 0x5A
        {
            return true
        }
        let suffix = Array("andler".utf8)
        guard count > suffix.count else { return false }
        for (offset, byte) in suffix.enumerated() where bytes[token.end - suffix.count + offset] != byte {
            return false
        }
        return true
    }

    /// A handler's `{` opens: returns its index, for the brace. A completion handler's is not
    /// `confirmed` until its body re-arms it.
    mutating func openHandler(confirmed: Bool = true) -> Int32 {
        handlers.append(Handler(confirmed: confirmed))
        return Int32(handlers.count - 1)
    }

    /// A name bound in handler `index`'s body (`case .success(let message)`): a value of the call,
    /// as its arguments are.
    mutating func addName(_ hash: UInt64, to index: Int32) {
        guard !handlers[Int(index)].reading, !handlers[Int(index)].names.isEmpty else { return }
        handlers[Int(index)].names.append(hash)
    }

    /// The completion handler `index` re-arms itself.
    mutating func confirm(_ index: Int32) {
        handlers[Int(index)].confirmed = true
    }

    /// Handler `index` closes: the tasks in it that used an argument before it was seen to re-arm,
    /// now that it has.
    mutating func close(_ index: Int32) -> [TaskInHandler] {
        guard handlers[Int(index)].confirmed else { return [] }
        var found: [TaskInHandler] = []
        for task in tasks.indices where tasks[task].handler == index && tasks[task].used && !tasks[task].reported {
            tasks[task].reported = true
            found.append(tasks[task])
        }
        return found
    }

    /// A `Task {` opens directly in handler `index`'s body: returns the task's index, or -1.
    mutating func openTask(in index: Int32, line: Int, start: Int, lineStart: Int) -> Int32 {
        let handler = handlers[Int(index)]
        guard !handler.reading, !handler.names.isEmpty else { return -1 }
        tasks.append(
            TaskInHandler(line: line, start: start, lineStart: lineStart, names: handler.names, handler: index))
        return Int32(tasks.count - 1)
    }

    /// A token in handler `index`'s parameter list, while it is read: `{ a, b in`, `{ [weak self] a in`.
    mutating func read(_ token: FileScanner.Token, in index: Int32) {
        var handler = handlers[Int(index)]
        guard handler.reading else { return }
        handler.tokensRead += 1
        if token.kind == .identifier, token.hash == Self.inWord {
            handler.reading = false
        } else if token.kind == .colon {
            handler.inType = true
        } else if token.kind == .comma || token.kind == .closeParen {
            handler.inType = false
        } else if token.kind == .identifier, !handler.inType, !Self.skipped.contains(token.hash) {
            handler.names.append(token.hash)
        } else if ![.comma, .openBracket, .closeBracket, .openParen, .closeParen, .colon, .identifier]
            .contains(token.kind) || handler.tokensRead > 16
        {
            // Not `{ params in`: a handler with no arguments, or one this can't read.
            handler.reading = false
            handler.names = []
        }
        handlers[Int(index)] = handler
    }

    /// An identifier in task `index`'s body: the task, the first time it is one of the handler's
    /// arguments and the handler is known to be called again and again.
    mutating func use(_ hash: UInt64, in index: Int32) -> TaskInHandler? {
        guard !tasks[Int(index)].reported, !tasks[Int(index)].used, tasks[Int(index)].names.contains(hash) else {
            return nil
        }
        tasks[Int(index)].used = true
        guard handlers[Int(tasks[Int(index)].handler)].confirmed else { return nil }
        tasks[Int(index)].reported = true
        return tasks[Int(index)]
    }
}
