import Dispatch

/// A presenter called on the framework's queue that reads main-queue state
/// with `DispatchQueue.main.sync` before it returns.
///
/// The framework goes on with what the callback returns, so the callback
/// must not return before the main queue has done the work: `main.sync`
/// blocks the framework's thread until then. It is what apps have, and it
/// deadlocks the day the framework calls on the main queue itself (a
/// presenter whose queue is `.main`): `sync` onto the queue the caller is
/// running on never starts (libdispatch traps where it can tell).
public final class EditorPresenter: ChangesPresenter {
    private let editor: Editor
    public let presenterQueue: DispatchQueue

    public init(
        editor: Editor,
        presenterQueue: DispatchQueue = DispatchQueue(label: "presenter")
    ) {
        self.editor = editor
        self.presenterQueue = presenterQueue
    }

    public func unsavedChanges() -> String {
        DispatchQueue.main.sync {
            editor.save()
        }
    }
}

/// The document's editing state, touched only on the main queue.
public final class Editor: @unchecked Sendable {
    private let log: @Sendable (String) -> Void
    private var draft = 0

    public init(log: @escaping @Sendable (String) -> Void) {
        self.log = log
    }

    /// Saves the current draft and returns it. Main queue only.
    public func save() -> String {
        dispatchPrecondition(condition: .onQueue(.main))
        draft += 1
        log("main: saved draft \(draft)")
        return "draft \(draft)"
    }
}

// MARK: - Or: a completion handler, where the framework offers one

/// A presenter that returns at once and calls the completion handler from a
/// block on the main queue.
public final class SavingEditorPresenter: SavingPresenter {
    private let editor: Editor
    public let presenterQueue: DispatchQueue

    public init(editor: Editor, presenterQueue: DispatchQueue) {
        self.editor = editor
        self.presenterQueue = presenterQueue
    }

    public func saveChanges(
        completionHandler: @escaping @Sendable (String) -> Void
    ) {
        DispatchQueue.main.async { [editor] in
            completionHandler(editor.save())
        }
    }
}

// MARK: - Or, when the callback must stay on its queue: a guarded blocking hop

/// The same presenter with `main.sync` guarded: inline when the framework
/// already calls on the main queue (the `dispatch_main_sync_safe` shape,
/// asking the queue rather than the thread).
public final class BlockingEditorPresenter: ChangesPresenter {
    private let editor: Editor
    public let presenterQueue: DispatchQueue

    public init(editor: Editor, presenterQueue: DispatchQueue) {
        self.editor = editor
        self.presenterQueue = presenterQueue
    }

    public func unsavedChanges() -> String {
        MainSync.run { editor.save() }
    }
}

/// Runs a block on the main queue and returns its result.
public enum MainSync {
    /// Set on the main queue, and on no other queue.
    private static let mainQueueKey: DispatchSpecificKey<Void> = {
        let key = DispatchSpecificKey<Void>()
        DispatchQueue.main.setSpecific(key: key, value: ())
        return key
    }()

    /// Runs `block` on the main queue, inline when already there, and
    /// returns its result once it has run.
    public static func run<T>(_ block: () -> T) -> T {
        if DispatchQueue.getSpecific(key: mainQueueKey) != nil {
            return block()
        }
        return DispatchQueue.main.sync(execute: block)
    }
}

// MARK: - The framework (a stand-in for a file coordinator)

/// What the framework calls, on `presenterQueue`, before a writer goes on.
public protocol ChangesPresenter: AnyObject, Sendable {
    /// The queue the framework calls this presenter on.
    var presenterQueue: DispatchQueue { get }
    /// Returns the unsaved changes; the framework writes what this returns.
    func unsavedChanges() -> String
}

/// The completion-handler form of the same request.
public protocol SavingPresenter: AnyObject, Sendable {
    /// The queue the framework calls this presenter on.
    var presenterQueue: DispatchQueue { get }
    /// Saves, then calls `completionHandler` once with what it saved; the
    /// framework waits for that call.
    func saveChanges(completionHandler: @escaping @Sendable (String) -> Void)
}

/// A framework that, before each write, asks a presenter for its changes on
/// the presenter's queue, and waits for the answer on a thread of its own.
public final class SaveCoordinator: Sendable {
    private let work = DispatchQueue(label: "SaveCoordinator.work")
    private let log: @Sendable (String) -> Void

    public init(log: @escaping @Sendable (String) -> Void) {
        self.log = log
    }

    /// Makes `writes` writes, one after another, each with what `presenter`
    /// returns; then calls `completion`.
    public func write(
        _ writes: Int, with presenter: any ChangesPresenter,
        completion: @escaping @Sendable () -> Void
    ) {
        work.async { [log] in
            for _ in 0..<writes {
                log("framework: asks for unsaved changes")
                let changes = presenter.presenterQueue.sync {
                    presenter.unsavedChanges()
                }
                log("framework: writes \(changes)")
            }
            completion()
        }
    }

    /// The same through the completion-handler form: each write waits for
    /// the presenter's completion, without blocking a thread.
    public func write(
        _ writes: Int, with presenter: any SavingPresenter,
        completion: @escaping @Sendable () -> Void
    ) {
        work.async { [self] in
            guard writes > 0 else { return completion() }
            log("framework: asks for unsaved changes")
            presenter.presenterQueue.async {
                presenter.saveChanges { changes in
                    self.work.async {
                        self.log("framework: writes \(changes)")
                        self.write(
                            writes - 1, with: presenter,
                            completion: completion)
                    }
                }
            }
        }
    }
}
