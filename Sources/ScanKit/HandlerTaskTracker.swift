/// Finds a `Task { }` started on every call of a handler that is called again and again, whose
/// body uses the handler's arguments: `socket.onMessage = { message in Task { await handle(message) } }`.
///
/// The tasks start in call order but run in any order, so the messages can be handled out of
/// order. A handler is a closure assigned to a property named `on…` or `…Handler`, or passed to a
/// call that registers one (`setEventHandler`, `addObserver`, `observe`, `sink`, `onReceive`); a
/// one-shot completion handler is not, since one call has no order to lose.
struct HandlerTaskTracker {
    /// A handler closure: its parameter names, once read from `{ a, b in`.
    struct Handler {
        var names: [UInt64] = []
        var reading = true
        var tokensRead = 0
        /// In a parameter's type (`{ (message: String) in`): its words are not names.
        var inType = false
    }

    /// A `Task {` in a handler's body, reported once its body uses an argument.
    struct TaskInHandler {
        let line: Int
        let start: Int
        let lineStart: Int
        let names: [UInt64]
        var reported = false
    }

    private(set) var handlers: [Handler] = []
    private(set) var tasks: [TaskInHandler] = []

    static let registrations = Set(
        ["setEventHandler", "setCancelHandler", "addObserver", "observe", "sink", "onReceive", "subscribe"]
            .map(ShapeTable.hash))
    static let skipped = Set(["weak", "unowned", "self", "_", "in"].map(ShapeTable.hash))
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

    /// A handler's `{` opens: returns its index, for the brace.
    mutating func openHandler() -> Int32 {
        handlers.append(Handler())
        return Int32(handlers.count - 1)
    }

    /// A `Task {` opens directly in handler `index`'s body: returns the task's index, or -1.
    mutating func openTask(in index: Int32, line: Int, start: Int, lineStart: Int) -> Int32 {
        let handler = handlers[Int(index)]
        guard !handler.reading, !handler.names.isEmpty else { return -1 }
        tasks.append(TaskInHandler(line: line, start: start, lineStart: lineStart, names: handler.names))
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

    /// An identifier in task `index`'s body: true the first time it is one of the handler's arguments.
    mutating func use(_ hash: UInt64, in index: Int32) -> TaskInHandler? {
        guard !tasks[Int(index)].reported, tasks[Int(index)].names.contains(hash) else { return nil }
        tasks[Int(index)].reported = true
        return tasks[Int(index)]
    }
}
