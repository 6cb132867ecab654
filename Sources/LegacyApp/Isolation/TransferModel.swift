import Dispatch
import Foundation
import TransferKit

/// A view model that conforms to an SDK's delegate protocol with
/// `@preconcurrency`: the SDK calls it on its own queue and the app traps.
///
/// In an Xcode 26 app target the class is `@MainActor` by default, and the
/// SDK's `TransferDelegate` is nonisolated. The plain conformance
/// `TransferModel: TransferDelegate` is a Swift 6 error outside an app
/// target and, with `InferIsolatedConformances`, an isolated conformance
/// inside one (see `PlainTransferModel`). The fix-it `@preconcurrency` makes
/// it compile everywhere by adding a check to each witness: the SDK calls
/// `transfer(_:didReceive:)` on its delegate queue, the check finds no main
/// actor there, and the app dies in `_dispatch_assert_queue_fail`.
public final class TransferModel: TransferScreen {
    public func start(chunks: [Int]) { start(chunks: chunks, delegate: self) }
}

extension TransferModel: @preconcurrency TransferDelegate {
    public func transfer(_ session: TransferSession, didReceive bytes: Int) {
        progress.receive(bytes)
    }

    public func transferDidFinish(_ session: TransferSession) {
        progress.finish()
    }
}

/// The screen's state and its SDK session, shared by the view models here.
public class TransferScreen {
    public let progress: TransferProgress
    private let session = TransferSession()

    public init(log: @escaping @Sendable (String) -> Void) {
        progress = TransferProgress(log: log)
    }

    /// Starts the transfer, `delegate` receiving the SDK's calls.
    func start(chunks: [Int], delegate: TransferDelegate) {
        session.delegate = delegate
        progress.started()
        session.start(chunks: chunks)
    }
}

/// What the screen shows: main-actor state, like any type in the app target.
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

// MARK: - The plain conformance: inferred isolated, never checked

/// The plain conformance in an app target: `InferIsolatedConformances` makes
/// it `@MainActor TransferDelegate`, which compiles, and nothing checks it.
///
/// The compiler keeps an isolated conformance on the main actor only in code
/// it can see. The SDK stores the delegate and calls it on its own queue, so
/// these main-actor methods run there, unchecked: a data race on `progress`.
public final class PlainTransferModel: TransferScreen {
    public func start(chunks: [Int]) { start(chunks: chunks, delegate: self) }
}

extension PlainTransferModel: TransferDelegate {
    public func transfer(_ session: TransferSession, didReceive bytes: Int) {
        progress.receive(bytes)
    }

    public func transferDidFinish(_ session: TransferSession) {
        progress.finish()
    }
}

// MARK: - Fixed: nonisolated witnesses that hop to the main queue

/// Nonisolated witnesses: they run on the SDK's queue, as the protocol says,
/// and hop to the main queue for the state.
///
/// A `nonisolated` method has no isolation to check, and the compiler stops
/// it from touching `progress` until it is on the main queue again
/// (`DispatchQueue.main.async` runs its closure on the main actor).
public final class HoppingTransferModel: TransferScreen {
    public func start(chunks: [Int]) { start(chunks: chunks, delegate: self) }
}

extension HoppingTransferModel: TransferDelegate {
    public nonisolated func transfer(
        _ session: TransferSession,
        didReceive bytes: Int
    ) {
        DispatchQueue.main.async { self.progress.receive(bytes) }
    }

    public nonisolated func transferDidFinish(_ session: TransferSession) {
        DispatchQueue.main.async { self.progress.finish() }
    }
}
