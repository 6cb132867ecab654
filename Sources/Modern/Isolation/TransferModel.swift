import TransferKit

/// A view model whose delegate methods are `nonisolated` and hand each event
/// to the main actor through an `AsyncStream`.
///
/// The SDK's `TransferDelegate` is nonisolated and the SDK calls it on its
/// own queue, so the witnesses say `nonisolated`: they run there, as the
/// protocol promises, with nothing to check. Each only yields an event; the
/// model consumes the stream on the main actor, in the order the SDK called.
/// Cancelling the task that awaits the transfer ends the stream for good and
/// cancels the session, so a model makes one transfer.
@MainActor
public final class TransferModel {
    public let progress: TransferProgress
    private let session: TransferSession
    private nonisolated let events: AsyncStream<TransferEvent>.Continuation
    private let stream: AsyncStream<TransferEvent>

    public init(
        session: TransferSession = TransferSession(),
        log: @escaping @Sendable (String) -> Void
    ) {
        self.session = session
        progress = TransferProgress(log: log)
        (stream, events) = AsyncStream.makeStream()
    }

    /// Starts the transfer and applies its events until it finishes, or until
    /// the calling task is cancelled, which cancels the session.
    public func transfer(chunks: [Int]) async {
        session.delegate = self
        progress.started()
        session.start(chunks: chunks)
        for await event in stream {
            switch event {
            case .received(let bytes): progress.receive(bytes)
            case .finished: return progress.finish()
            }
        }
        // Only a cancel ends the stream before `.finished`: stop the SDK too,
        // or it goes on calling the delegate for nothing.
        session.cancel()
    }
}

/// What the SDK reported, as a value that can cross to the main actor.
public enum TransferEvent: Sendable {
    case received(Int)
    case finished
}

extension TransferModel: TransferDelegate {
    public nonisolated func transfer(
        _ session: TransferSession,
        didReceive bytes: Int
    ) {
        events.yield(.received(bytes))
    }

    public nonisolated func transferDidFinish(_ session: TransferSession) {
        events.yield(.finished)
    }
}

/// What the screen shows, on the main actor.
@MainActor
public final class TransferProgress {
    private let log: @Sendable (String) -> Void
    public private(set) var received = 0
    /// Called when the transfer ends (the screen; the driver waits on it).
    public var onFinished: () -> Void = {}

    init(log: @escaping @Sendable (String) -> Void) {
        self.log = log
    }

    func started() { log("transfer started") }

    func receive(_ bytes: Int) {
        received += bytes
        log("received \(bytes) bytes")
    }

    func finish() {
        log("finished: \(received) bytes")
        onFinished()
    }
}

// MARK: - Isolated conformance: the SDK calls on the main queue

/// An isolated conformance (SE-0470): `@MainActor TransferDelegate`, right
/// only because the session is told to call its delegate on the main queue.
///
/// The witnesses are main-actor methods, so they touch `progress` directly.
/// Nothing checks at run time that the SDK keeps its side: create the session
/// with `delegateQueue: .main`, or use the `nonisolated` witnesses above.
@MainActor
public final class MainQueueTransferModel {
    public let progress: TransferProgress
    private let session = TransferSession(delegateQueue: .main)

    public init(log: @escaping @Sendable (String) -> Void) {
        progress = TransferProgress(log: log)
    }

    public func start(chunks: [Int]) {
        session.delegate = self
        progress.started()
        session.start(chunks: chunks)
    }
}

extension MainQueueTransferModel: @MainActor TransferDelegate {
    public func transfer(_ session: TransferSession, didReceive bytes: Int) {
        progress.receive(bytes)
    }

    public func transferDidFinish(_ session: TransferSession) {
        progress.finish()
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

extension MainQueueTransferModel {
    /// Starts the transfer and waits until the SDK reports its end.
    public func transfer(chunks: [Int]) async {
        await withCheckedContinuation { finished in
            progress.onFinished = { finished.resume() }
            start(chunks: chunks)
        }
        progress.onFinished = {}
    }
}
