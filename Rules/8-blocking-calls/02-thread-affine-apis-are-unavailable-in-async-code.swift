// Rule: a task has no thread of its own, so the thread-bound Foundation APIs are compile errors in
//   async code: `Thread.current` (and so its `threadDictionary`), `RunLoop.current`, a run
//   loop's `run` methods, `Timer.scheduledTimer` and `Thread.sleep`. The check is only where
//   the call is written: a synchronous helper that reads `Thread.current` compiles, and called
//   from a task it reads whichever pool thread runs it at that moment. (Swift 6.3.1's corelibs
//   Foundation on Linux; Apple's SDK marks its own declarations.)
// Source: the toolchain's `Foundation` module, which marks these declarations unavailable from
//   asynchronous contexts; [SE-0340, "Unavailable from async"](https://github.com/swiftlang/swift-evolution/blob/main/proposals/0340-async-unavailable.md)
// Recipes: thread-manual-loop, thread-local-storage, run-loop-worker-thread
// Check: swift6 rejects
import Foundation

func threadName() -> String? {
    Thread.current.name  // synchronous: compiles, and reads the caller's thread
}

func threadBoundCallsInAsyncCode() async {
    _ = Thread.current
    // expected-error@-1 {{class property 'current' is unavailable from asynchronous contexts}}
    _ = RunLoop.current
    // expected-error@-1 {{class property 'current' is unavailable from asynchronous contexts}}
    _ = RunLoop.main.run(mode: .default, before: Date())
    // expected-error@-1 {{instance method 'run' is unavailable from asynchronous contexts}}
    _ = Timer.scheduledTimer(withTimeInterval: 1, repeats: false) { _ in }
    // expected-error@-1 {{class method 'scheduledTimer' is unavailable from asynchronous contexts}}
    Thread.sleep(forTimeInterval: 0.001)
    // expected-error@-1 {{class method 'sleep' is unavailable from asynchronous contexts}}
    _ = threadName()
}
