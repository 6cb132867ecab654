import Foundation

/// Runs blocking or run-loop code on a thread of its own and awaits its result.
///
/// `Timer`, `RunLoop.run`, `Thread.sleep`, `NSLock.lock` and semaphore waits are unavailable
/// from async code, and must not block a cooperative thread anyway. The catalog runs such legacy
/// code here: a fresh `Thread`, bridged back with a continuation that is resumed exactly once.
public func onOwnThread<T: Sendable>(
    name: String = "legacy-recipe",
    _ body: @escaping @Sendable () throws -> T
) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread {
            Thread.current.name = name
            continuation.resume(with: Result { try body() })
        }
        thread.start()
    }
}

/// Runs non-throwing blocking code on a thread of its own and awaits its result.
public func onOwnThread<T: Sendable>(name: String = "legacy-recipe", _ body: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        let thread = Thread {
            Thread.current.name = name
            continuation.resume(returning: body())
        }
        thread.start()
    }
}
