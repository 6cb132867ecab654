import Foundation

/// `Operation` is `@unchecked Sendable`: a subclass says it keeps the
/// promise (here, nothing it holds changes after `init`).
nonisolated final class ExportOperation: Operation, @unchecked Sendable {
    let fileName: String

    init(fileName: String) {
        self.fileName = fileName
    }

    override func main() {
        print("exporting \(fileName)")
    }
}
