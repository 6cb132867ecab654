import Foundation

#if canImport(ObjectiveC)
    /// Reads each file off the caller's actor, with an autorelease pool per
    /// pass.
    ///
    /// The runtime drains a pool at the end of each job (a task's code from
    /// one suspension to the next), so objects pile up only between two
    /// suspensions; a pool per pass drains them whether the pass suspends or
    /// not. `autoreleasepool`'s closure is synchronous: the read goes inside
    /// it, the `await` (here a cancellation check and a yield) outside.
    @concurrent
    public func readAll(_ paths: [String]) async throws -> [Int] {
        var sizes: [Int] = []
        for path in paths {
            try Task.checkCancellation()
            let size = autoreleasepool {
                FileManager.default.contents(atPath: path)?.count ?? 0
            }
            sizes.append(size)
            await Task.yield()
        }
        return sizes
    }
#endif
