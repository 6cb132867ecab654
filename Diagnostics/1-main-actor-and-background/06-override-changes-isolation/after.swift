import Foundation

/// Say that the operation is not main-actor code: `Operation` calls it on a
/// thread of its queue. (Better still: a task, as the recipes show.)
nonisolated final class ResizeOperation: Operation, @unchecked Sendable {
    let size = 512

    override func main() {
        print("resizing to \(size)")
    }
}
