// Check: swift6 rejects
actor EventLog {
    var lines: [String] = []
    func record(_ line: String) { lines.append(line) }
}

/// A callback registry from before Swift concurrency.
final class Button {
    var onTap: (@Sendable (String) -> Void)?
}

func connect(_ button: Button, to log: EventLog) {
    button.onTap = log.record
    // expected-error@-1 {{actor-isolated instance method 'record' can not be partially applied}}
}
