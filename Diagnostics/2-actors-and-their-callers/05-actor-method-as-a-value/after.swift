actor EventLog {
    var lines: [String] = []
    func record(_ line: String) { lines.append(line) }
}

nonisolated final class Button {
    var onTap: (@Sendable (String) -> Void)?
}

/// Each tap becomes an element of a stream; one task records them in order.
func connect(_ button: Button, to log: EventLog) -> Task<Void, Never> {
    let (taps, tapped) = AsyncStream.makeStream(of: String.self)
    button.onTap = { tapped.yield($0) }
    return Task {
        for await tap in taps { await log.record(tap) }
    }
}
