import Foundation

/// Background work followed by a main-queue update, twice, and one notify after
/// all of it.
///
/// Each background block, before it ends, submits its main-queue update with
/// `async(group:)`. That enters the group again before the outer block leaves
/// it, so the count never touches zero in between and `notify` cannot run
/// before both updates. The guarantee holds only while every hop joins the
/// group from inside a block the group is already counting.
///
/// `@unchecked Sendable`: `foo` and `bar` are read and written only on the main
/// queue.
public final class FooBarModel: @unchecked Sendable {
    public private(set) var foo = 0
    public private(set) var bar = 0

    private let doSomeFoo: @Sendable () -> Void
    private let doSomeBar: @Sendable () -> Void

    /// `doSomeFoo` and `doSomeBar` are the slow background work (the classic
    /// `-doSomeFoo`).
    public init(
        doSomeFoo: @escaping @Sendable () -> Void,
        doSomeBar: @escaping @Sendable () -> Void
    ) {
        self.doSomeFoo = doSomeFoo
        self.doSomeBar = doSomeBar
    }

    /// `log` and `completion` run on the main queue, after both updates.
    public func update(
        log: @escaping @Sendable (String) -> Void,
        completion: @escaping @Sendable () -> Void
    ) {
        let group = DispatchGroup()
        let queue = DispatchQueue.global()
        queue.async(group: group) {
            self.doSomeFoo()
            DispatchQueue.main.async(group: group) {
                self.foo = 42
            }
        }
        queue.async(group: group) {
            self.doSomeBar()
            DispatchQueue.main.async(group: group) {
                self.bar = 1
            }
        }
        group.notify(queue: .main) {
            log("foo: \(self.foo)")
            log("bar: \(self.bar)")
            completion()
        }
    }
}
