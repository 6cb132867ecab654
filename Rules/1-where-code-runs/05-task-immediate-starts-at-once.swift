// Rule: `Task.immediate` runs its body on the caller's executor at once, before the caller's
//   next line, up to its first suspension; `Task {}` on the same actor starts only after the
//   caller suspends or returns.
// Source: [SE-0472, "Starting tasks synchronously from caller context"](https://github.com/swiftlang/swift-evolution/blob/main/proposals/0472-task-start-synchronously-on-caller-context.md)
// Recipes: where-does-it-run, main-inline-or-async
// Check: swift6 prints
// > Task.immediate: body
// > Task.immediate: caller's next line
// > Task {}: caller's next line
// > Task {}: body
@MainActor func start() async {
    let immediate = Task.immediate { print("Task.immediate: body") }
    print("Task.immediate: caller's next line")
    await immediate.value
    let later = Task { print("Task {}: body") }
    print("Task {}: caller's next line")
    await later.value
}

@main struct Main {
    static func main() async { await start() }
}
