import Foundation

/// A classic view controller: an operation downloads an image, then waits while
/// the main queue shows it.
///
/// `NSInvocationOperation` (target, selector, argument) doesn't exist outside
/// Apple platforms, so a `BlockOperation` calls `downloadImage` with the URL.
/// The Objective-C `performSelectorOnMainThread:…waitUntilDone:YES` becomes
/// `OperationQueue.main.addOperations([…], waitUntilFinished: true)`: the
/// operation's thread blocks until main has run the update, so `operation done`
/// comes after it. `DispatchQueue.main.sync` waits the same way. Both are
/// valid only off main: from main they wait for themselves (`main.sync` traps
/// on Linux), while `performSelectorOnMainThread` from main runs inline.
public final class AvatarDownload: Sendable {
    /// The Objective-C example's `kURL`.
    public static let kURL = "http://avatar.csdn.net/2/C/D/1_totogo2010.jpg"

    let queue = OperationQueue()
    let load: @Sendable (URL) throws -> Data
    let show: @Sendable (String) -> Void
    let log: @Sendable (String) -> Void

    /// `load` blocks like `Data(contentsOf:)`; `show` is the UI, called on the
    /// main queue.
    public init(
        load: @escaping @Sendable (URL) throws -> Data,
        show: @escaping @Sendable (String) -> Void,
        log: @escaping @Sendable (String) -> Void
    ) {
        self.load = load
        self.show = show
        self.log = log
    }

    /// Starts the download and returns at once; `completion` runs when the
    /// operation has finished.
    public func viewDidLoad(completion: @escaping @Sendable () -> Void = {}) {
        let operation = BlockOperation { [self] in downloadImage(Self.kURL) }
        operation.completionBlock = completion
        queue.addOperation(operation)  // It starts as soon as it is added.
    }

    /// Runs in the operation, on one of the queue's threads.
    func downloadImage(_ url: String) {
        log("url:\(url)")
        do {
            let data = try load(URL(string: url)!)
            let update = BlockOperation { [self] in updateUI(data) }
            OperationQueue.main.addOperations([update], waitUntilFinished: true)
        } catch {
            log("no image: \(error)")  // The Objective-C version never checks.
        }
        log("operation done")
    }

    /// Runs on the main queue.
    func updateUI(_ image: Data) {
        show("UI updated (\(image.count) bytes)")
    }
}
