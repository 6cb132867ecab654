/// Background work followed by a main-actor update, twice, and one report after
/// all of it.
///
/// The model lives on the main actor. `async let` starts both pieces of
/// background work as child tasks; each update waits for its own work, and the
/// report comes after both. Children cannot outlive the function that started
/// them, so there is no group to join and no way for a stray hop to arrive
/// after the report.
@MainActor
public final class FooBarModel {
    public private(set) var foo = 0
    public private(set) var bar = 0

    private let doSomeFoo: @Sendable () async -> Void
    private let doSomeBar: @Sendable () async -> Void

    /// `doSomeFoo` and `doSomeBar` are the slow background work; they run as
    /// child tasks, off the main actor.
    public init(
        doSomeFoo: @escaping @Sendable () async -> Void,
        doSomeBar: @escaping @Sendable () async -> Void
    ) {
        self.doSomeFoo = doSomeFoo
        self.doSomeBar = doSomeBar
    }

    /// Runs both pieces of work concurrently, applies each update on the main
    /// actor, then logs.
    public func update(log: @Sendable (String) -> Void) async {
        async let fooWork: Void = doSomeFoo()
        async let barWork: Void = doSomeBar()
        await fooWork
        foo = 42
        await barWork
        bar = 1
        log("foo: \(foo)")
        log("bar: \(bar)")
    }
}
