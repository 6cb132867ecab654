import Foundation

#if canImport(ObjectiveC)
    /// Starts a thread that reads each file inside its own autorelease pool.
    ///
    /// Under ARC the thread has an outer pool, so nothing leaks; but objects
    /// that Objective-C APIs autorelease live until that pool drains, at the
    /// thread's end. A pool per pass drains them as the loop goes.
    public func startReading(
        _ paths: [String],
        read: @escaping @Sendable (Int) -> Void
    ) -> Thread {
        let thread = Thread {
            for path in paths {
                autoreleasepool {
                    let data = FileManager.default.contents(atPath: path)
                    read(data?.count ?? 0)
                }
            }
        }
        thread.start()
        return thread
    }
#endif
