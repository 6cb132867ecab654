// Rule: the children of a task group (`addTask`) and of `async let` run on the global concurrent
//   executor, off the caller's actor, even when the function that starts them runs on the main
//   actor; the caller goes on in its own isolation after them. Code that must run on the main
//   actor from a child says so (`await` a `@MainActor` function).
// Source: [SE-0304, "Task groups"](https://github.com/swiftlang/swift-evolution/blob/main/proposals/0304-structured-concurrency.md#task-groups)
//   ("the task group will schedule child tasks added to the group on the default global
//   concurrent executor"); [SE-0317, "`async let`"](https://github.com/swiftlang/swift-evolution/blob/main/proposals/0317-async-let.md)
// Recipes: group-async-nested, parallel-min-max, dispatch-group-notify
// Check: swift6 prints
// > task group children: main queue false false
// > async let child: main queue false
// > the caller, after them: main queue true
// Check: swift6+nonsending prints
// > task group children: main queue false false
// > async let child: main queue false
// > the caller, after them: main queue true
// Check: app-target prints
// > task group children: main queue false false
// > async let child: main queue false
// > the caller, after them: main queue true
import Dispatch

nonisolated let mainQueue = DispatchSpecificKey<Bool>()
nonisolated func onMainQueue() -> Bool { DispatchQueue.getSpecific(key: mainQueue) == true }

@MainActor func fanOut() async {
    let children = await withTaskGroup(of: Bool.self) { group in
        for _ in 0..<2 { group.addTask { onMainQueue() } }
        var onMain: [Bool] = []
        for await child in group { onMain.append(child) }
        return onMain
    }
    print("task group children: main queue \(children.map(String.init).joined(separator: " "))")
    async let child = onMainQueue()
    print("async let child: main queue \(await child)")
    print("the caller, after them: main queue \(onMainQueue())")
}

@main struct Main {
    static func main() async {
        DispatchQueue.main.setSpecific(key: mainQueue, value: true)
        await fanOut()
    }
}
