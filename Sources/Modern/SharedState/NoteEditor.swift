/// A plain class, not `Sendable`: no storage behind it and no token.
///
/// Swift 6 tracks which isolation region holds it. It can be handed to an
/// actor as a `sending` value, and the owner may not touch it until it comes
/// back; sharing it is a compile error, not a convention.
public nonisolated final class Note {
    public let id: Int
    public var title: String

    public init(id: Int, title: String) {
        self.id = id
        self.title = title
    }
}

// MARK: - Handing the note to a worker

/// The worker: it gets the note as a `sending` value, edits it, and sends
/// it back.
public actor NoteWorker {
    public init() {}

    public func edit(
        _ note: sending Note, _ edit: @Sendable (String) -> String,
        log: @Sendable (String) -> Void
    ) -> sending Note {
        note.title = edit(note.title)
        log("worker: edited note \(note.id)")
        return note
    }
}

/// The owner's side: hand the note over, await it back.
///
/// While the worker has it, the owner's `note` is gone: any use of it after
/// the hand-off and before the `await` returns is rejected by the compiler.
public nonisolated struct NoteEditor: Sendable {
    private let worker = NoteWorker()

    public init() {}

    /// Edits `note`'s title on the worker and returns it, edited.
    public func editInBackground(
        _ note: sending Note, _ edit: @escaping @Sendable (String) -> String,
        log: @Sendable (String) -> Void
    ) async -> sending Note {
        log("owner: handing off note \(note.id)")
        return await worker.edit(note, edit, log: log)
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

nonisolated extension NoteEditor {
    /// Edits note 1 ("draft") in the background and logs what the owner sees.
    public static func demo(log: @Sendable (String) -> Void) async {
        var note = Note(id: 1, title: "draft")
        note = await NoteEditor().editInBackground(
            note, { $0 + " (edited)" }, log: log)
        log("owner sees: \(note.title)")
    }
}
