import Dispatch

/// A presenter that asks the framework for the main queue, so its synchronous
/// callback runs on the main actor, provably.
///
/// A framework that calls a presenter synchronously (an SDK delegate whose
/// return value it reads, a file presenter asked to save) goes on when the
/// callback returns, so main-actor state must be read before it returns.
/// Where the framework lets the presenter choose the queue it is called on (a
/// file presenter's `presentedItemOperationQueue`), choose the main queue:
/// the callback then runs on the main actor's executor, and
/// `MainActor.assumeIsolated` states it, checks it, and gives the synchronous
/// callback the main actor's state with no hop and no wait. The callback
/// returns when the main-actor work is done, as the framework needs.
public nonisolated final class EditorPresenter: ChangesPresenter {
    private let editor: Editor

    public init(editor: Editor) {
        self.editor = editor
    }

    /// The framework calls this presenter on the main queue.
    public var presenterQueue: DispatchQueue { .main }

    public func unsavedChanges() -> String {
        MainActor.assumeIsolated {
            editor.save()
        }
    }
}

/// The document's editing state: main-actor UI state.
@MainActor
public final class Editor {
    private let log: @Sendable (String) -> Void
    private var draft = 0

    public init(log: @escaping @Sendable (String) -> Void) {
        self.log = log
    }

    /// Saves the current draft and returns it.
    public func save() -> String {
        draft += 1
        log("main: saved draft \(draft)")
        return "draft \(draft)"
    }
}

// MARK: - Or: a completion handler, where the framework offers one

/// A presenter that returns at once and calls the completion handler from a
/// main-actor task.
///
/// Where the framework offers a completion-handler form
/// (`savePresentedItemChanges(completionHandler:)`, the reacquirer block of
/// `relinquishPresentedItem(toWriter:)`), nothing has to block: the
/// callback starts a main-actor task and returns, and the framework goes on
/// when the completion is called. Call it exactly once, on every path: the
/// framework waits for it.
public nonisolated final class SavingEditorPresenter: SavingPresenter {
    private let editor: Editor
    public let presenterQueue: DispatchQueue

    public init(editor: Editor, presenterQueue: DispatchQueue) {
        self.editor = editor
        self.presenterQueue = presenterQueue
    }

    public func saveChanges(
        completionHandler: @escaping @Sendable (String) -> Void
    ) {
        Task { @MainActor [editor] in
            completionHandler(editor.save())
        }
    }
}

// MARK: - Or, when the callback must stay on its queue: a guarded blocking hop

/// A presenter called on the framework's own queue that must return a value
/// computed on the main actor: it blocks that queue's thread until the main
/// actor has computed it.
///
/// The blocking is unavoidable here and harmless where it happens: the
/// framework's thread runs no task, so it takes no place in the cooperative
/// pool, and no task waits. When the framework calls on the main queue after
/// all, the hop runs the body inline instead of deadlocking.
public nonisolated final class BlockingEditorPresenter: ChangesPresenter {
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

/// Runs main-actor code from a synchronous callback and returns its result.
public nonisolated enum MainSync {
    /// Set on the main queue, and on no other queue.
    private static let mainQueueKey: DispatchSpecificKey<Void> = {
        let key = DispatchSpecificKey<Void>()
        DispatchQueue.main.setSpecific(key: key, value: ())
        return key
    }()

    /// Runs `body` on the main actor, inline when already on the main queue,
    /// and returns its result once it has run.
    ///
    /// Blocks the calling thread meanwhile: call it only from a thread a
    /// framework owns, never from a task (`noasync` catches direct calls).
    @available(*, noasync, message: "blocks its thread; await MainActor.run")
    public static func run<T: Sendable>(_ body: @MainActor () -> T) -> T {
        if DispatchQueue.getSpecific(key: mainQueueKey) != nil {
            return MainActor.assumeIsolated(body)
        }
        return DispatchQueue.main.sync {
            MainActor.assumeIsolated(body)
        }
    }
}

// MARK: - The framework (a stand-in for a file coordinator)

/// What the framework calls, on `presenterQueue`, before a writer goes on.
public nonisolated protocol ChangesPresenter: AnyObject, Sendable {
    /// The queue the framework calls this presenter on.
    var presenterQueue: DispatchQueue { get }
    /// Returns the unsaved changes; the framework writes what this returns.
    func unsavedChanges() -> String
}

/// The completion-handler form of the same request.
public nonisolated protocol SavingPresenter: AnyObject, Sendable {
    /// The queue the framework calls this presenter on.
    var presenterQueue: DispatchQueue { get }
    /// Saves, then calls `completionHandler` once with what it saved; the
    /// framework waits for that call.
    func saveChanges(completionHandler: @escaping @Sendable (String) -> Void)
}

/// A framework that, before each write, asks a presenter for its changes on
/// the presenter's queue, and waits for the answer on a thread of its own.
public nonisolated final class SaveCoordinator: Sendable {
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

// MARK: - Driver (the page's output; not part of the pattern)

nonisolated extension SaveCoordinator {
    /// Makes `writes` writes with a presenter of the synchronous form.
    public func write(
        _ writes: Int, with presenter: any ChangesPresenter
    )
        async
    {
        await withCheckedContinuation { done in
            write(writes, with: presenter) { done.resume() }
        }
    }

    /// Makes `writes` writes with a presenter of the completion-handler form.
    public func write(
        _ writes: Int, with presenter: any SavingPresenter
    )
        async
    {
        await withCheckedContinuation { done in
            write(writes, with: presenter) { done.resume() }
        }
    }
}
