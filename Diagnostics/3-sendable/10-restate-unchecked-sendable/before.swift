// Check: swift6 rejects
import Foundation

final class ExportOperation: Operation {
// expected-warning@-1 {{class 'ExportOperation' must restate inherited '@unchecked Sendable' conformance}}
    let fileName: String

    init(fileName: String) {
        self.fileName = fileName
    }

    override func main() {
        print("exporting \(fileName)")
    }
}
