/// Work that runs beside the caller is `async let`: the children start at
/// once, off the caller's actor, and the caller goes on until it awaits them.
///
/// Each `async let` starts a child task, and two children run at the same time,
/// in either order, as a queue's operations do. The difference is the lifetime:
/// the children belong to the function that created them. It can't return, or
/// throw, before they have finished, and cancelling its task cancels them, so
/// there is no queue to keep in a property and nothing to wait for from
/// outside.
/// When work must outlive its caller, that is an unstructured `Task {}`: keep
/// its handle, because nobody awaits or cancels it for you.
public nonisolated enum OperationQueueAsync {
    /// The classic pair: 111 and 222 start as child tasks, and the caller logs
    /// `Main thread is here` without waiting for them, then awaits both.
    public static func runTwoEntries(
        log: @escaping @Sendable (String) -> Void
    ) async {
        async let first: Void = firstOperationEntry(111, log: log)
        async let second: Void = secondOperationEntry(222, log: log)
        log("Main thread is here")
        _ = await (first, second)
    }

    @concurrent
    static func firstOperationEntry(
        _ paramObject: Int, log: @Sendable (String) -> Void
    ) async {
        log("firstOperationEntry - Parameter Object = \(paramObject)")
        log("firstOperationEntry - Done")
    }

    @concurrent
    static func secondOperationEntry(
        _ paramObject: Int, log: @Sendable (String) -> Void
    ) async {
        log("secondOperationEntry - Parameter Object = \(paramObject)")
        log("secondOperationEntry - Done")
    }
}

// MARK: - Driver (the page's output; not part of the pattern)

nonisolated extension OperationQueueAsync {
    /// The pair held back by a gate that opens after `Main thread is here`, so
    /// that line comes first; the two entries still run in either order.
    public static func runGated(
        log: @escaping @Sendable (String) -> Void
    ) async {
        let (opened, opener) = AsyncStream.makeStream(of: Void.self)
        // One task waits for the stream to finish; any number may await it.
        let gate = Task { for await _ in opened {} }
        async let first: Void = {
            await gate.value
            await firstOperationEntry(111, log: log)
        }()
        async let second: Void = {
            await gate.value
            await secondOperationEntry(222, log: log)
        }()
        log("Main thread is here")
        opener.finish()
        _ = await (first, second)
    }
}
