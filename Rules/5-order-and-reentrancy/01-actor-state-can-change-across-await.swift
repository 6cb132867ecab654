// Rule: an actor runs one job at a time, but a method that `await`s gives the actor up: other
//   calls run in between, so state checked before the `await` may have changed after it.
//   Every suspension point is marked `await`; what the code does not show is whether the
//   callee really suspends.
// Source: [SE-0306, "Actor reentrancy"](https://github.com/swiftlang/swift-evolution/blob/main/proposals/0306-actors.md#actor-reentrancy)
// Recipes: actor-reentrancy
// Check: swift6 prints
// > second: balance 100 before the await, 50 after it
// > first: balance 100 before the await, 0 after it
actor Account {
    var balance = 100

    func withdraw(_ amount: Int, _ name: String, authorize: @Sendable () async -> Void) async {
        let before = balance
        await authorize()
        balance -= amount
        print("\(name): balance \(before) before the await, \(balance) after it")
    }
}

@main struct Main {
    static func main() async {
        let account = Account()
        let (started, start) = AsyncStream.makeStream(of: Void.self)
        let (go, open) = AsyncStream.makeStream(of: Void.self)
        let first = Task {
            await account.withdraw(50, "first") {
                start.yield()  // the first call is parked in its `await`…
                for await _ in go { break }
            }
        }
        for await _ in started { break }
        await account.withdraw(50, "second") {}  // …while a second call runs to the end
        open.yield()
        await first.value
    }
}
