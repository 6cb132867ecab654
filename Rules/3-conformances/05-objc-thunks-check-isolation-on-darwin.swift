// Rule: on Apple platforms, an Objective-C delegate protocol (`CLLocationManagerDelegate`,
//   `CBCentralManagerDelegate`) reaches a Swift witness through its `@objc` thunk, and in the
//   Swift 6 language mode the thunk of a synchronous main-actor method checks the actor: a
//   framework calling it off the main thread traps, as with `@preconcurrency`, instead of
//   racing. Not run here (no Objective-C runtime on Linux).
// Source: [SE-0423, "Dynamic actor isolation enforcement from non-strict-concurrency contexts", "`@objc` thunks"](https://github.com/swiftlang/swift-evolution/blob/main/proposals/0423-dynamic-actor-isolation.md)
// Recipes: delegate-conformance-isolation
// Check: darwin
#if canImport(ObjectiveC)
import Foundation

@objc protocol LocationDelegate {
    func didUpdate(latitude: Double)
}

/// Called by an Objective-C framework on its own queue, `didUpdate` traps (SE-0423).
@MainActor final class MapModel: NSObject, LocationDelegate {
    var latitude = 0.0
    func didUpdate(latitude: Double) { self.latitude = latitude }
}
#endif
