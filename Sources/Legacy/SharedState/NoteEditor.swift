import Dispatch
import Foundation

/// The storage behind the confined objects, shared by every thread.
///
/// `@unchecked Sendable`: `titles` is read and written only under `lock`.
public final class NoteStorage: @unchecked Sendable {
    private let lock = NSLock()
    private var titles: [Int: String] = [:]

    public init() {}

    /// Stores a note and returns the calling thread's object for it.
    public func makeNote(id: Int, title: String) -> Note {
        write(id, title)
        return Note(id: id, storage: self)
    }

    func read(_ id: Int) -> String { lock.withLock { titles[id] ?? "" } }
    func write(_ id: Int, _ title: String) {
        lock.withLock { titles[id] = title }
    }
}

/// A thread-confined object: a live view of one stored note, to be used
/// only on the thread or queue that made it. It is not `Sendable`.
public final class Note {
    public let id: Int
    let storage: NoteStorage

    init(id: Int, storage: NoteStorage) {
        self.id = id
        self.storage = storage
    }

    public var title: String {
        get { storage.read(id) }
        set { storage.write(id, newValue) }
    }

    /// The token that may cross to another thread instead of the object.
    public var reference: ThreadSafeReference {
        ThreadSafeReference(id: id, storage: storage)
    }
}

/// A note's identity, resolved on the other side into that side's own
/// object (the shape of Realm's `ThreadSafeReference`, written fresh).
public struct ThreadSafeReference: Sendable {
    let id: Int
    let storage: NoteStorage

    public func resolve() -> Note { Note(id: id, storage: storage) }
}

// MARK: - Handing the note to a worker

/// Owns a note on its queue and has a worker queue edit it: the token goes
/// to the worker, the worker resolves it and edits, then reports back.
///
/// `@unchecked Sendable`: `note` is touched only on `ownerQueue`; the worker
/// touches only the object it resolved itself.
public final class NoteEditor: @unchecked Sendable {
    private let ownerQueue = DispatchQueue(label: "NoteEditor.owner")
    private let workerQueue = DispatchQueue(label: "NoteEditor.worker")
    private var note: Note

    public init(id: Int, title: String, storage: NoteStorage) {
        note = storage.makeNote(id: id, title: title)
    }

    /// Edits the note's title on the worker queue; `completion` gets the
    /// title the owner sees afterwards.
    public func editInBackground(
        _ edit: @escaping @Sendable (String) -> String,
        log: @escaping @Sendable (String) -> Void,
        completion: @escaping @Sendable (String) -> Void
    ) {
        ownerQueue.async { [self] in
            log("owner: handing off note \(note.id)")
            let reference = note.reference
            workerQueue.async { [self] in
                let workerNote = reference.resolve()
                workerNote.title = edit(workerNote.title)
                log("worker: edited note \(workerNote.id)")
                ownerQueue.async { [self] in completion(note.title) }
            }
        }
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

extension NoteEditor {
    /// Edits note 1 ("draft") in the background and logs what the owner sees.
    public static func demo(
        log: @escaping @Sendable (String) -> Void,
        done: @escaping @Sendable () -> Void
    ) {
        let editor = NoteEditor(id: 1, title: "draft", storage: NoteStorage())
        editor.editInBackground({ $0 + " (edited)" }, log: log) { title in
            log("owner sees: \(title)")
            done()
        }
    }
}
