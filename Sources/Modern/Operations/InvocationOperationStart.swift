/// Calling a method with an argument needs no operation: call it, and `await`
/// it if it is `async`.
///
/// The block that wrapped the call, and the invocation before it, were only
/// there to give the call to something that runs it. Called directly, the
/// method runs before the caller's next line, as it did under `start()`; the
/// difference is that an `await` suspends the caller instead of holding its
/// thread. Synchronous code that can't `await` but must have the work started
/// before it goes on, as `start()` guaranteed, uses `Task.immediate`: the task
/// runs right there, up to its first suspension, before the call returns.
public nonisolated final class InvocationOperationStart: Sendable {
    let log: @Sendable (String) -> Void

    public init(log: @escaping @Sendable (String) -> Void) {
        self.log = log
    }

    /// The method the classic invocation operation calls.
    func simpleOperationEntry(_ paramObject: Int) async {
        log("Parameter Object = \(paramObject)")
    }

    /// The classic launch code: call the method with its argument, and wait.
    public func startSimpleOperation() async {
        let simpleObject = 123
        await simpleOperationEntry(simpleObject)
        log("Back in the caller")
    }
}

// MARK: - Or from synchronous code: `Task.immediate`

nonisolated extension InvocationOperationStart {
    /// Starts the call from synchronous code: it runs here until its first
    /// suspension (this one never suspends), so the line after this call
    /// comes after `Parameter Object = 123`. Returns the task to await or
    /// cancel.
    @discardableResult
    public func startImmediately() -> Task<Void, Never> {
        let task = Task.immediate { [self] in
            await simpleOperationEntry(123)
        }
        log("Back in the caller")
        return task
    }
}
