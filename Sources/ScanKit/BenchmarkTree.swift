import Foundation

/// Writes a generated source tree of a given size, for timing `scan` (`scan
/// --generate-benchmark-tree DIR LINES`, a hidden option; no test times it).
///
/// Files of about 500 lines, four Swift to one Objective-C, in folders of 50 files, each made of
/// blocks of ordinary code with a legacy call every few lines, comments and strings among them.
enum BenchmarkTree {
    static let swiftBlock = """
        // A cache that loads on a background queue and reports on the main queue.
        final class ImageCache\\(N): @unchecked Sendable {
            private let queue = DispatchQueue(label: "cache.\\(N)", attributes: .concurrent)
            private let lock = NSLock()
            private var images: [String: Data] = [:]
            private let group = DispatchGroup()

            func image(for key: String, completion: @escaping (Data?) -> Void) {
                queue.async {
                    let found = self.queue.sync { self.images[key] }
                    /* "DispatchQueue.main.async" in a comment never matches */
                    DispatchQueue.main.async { completion(found) }
                }
            }

            func store(_ data: Data, for key: String) {
                queue.async(flags: .barrier) { self.images[key] = data }
                lock.lock()
                let count = images.count + data.count * 2 - key.utf8.count
                lock.unlock()
                print("stored \\(count) bytes for \\(key), DispatchGroup() in a string")
            }

            func loadAll(_ keys: [String], load: @escaping (String, @escaping () -> Void) -> Void) {
                for key in keys {
                    group.enter()
                    load(key) { self.group.leave() }
                }
                group.notify(queue: .main) { print("all \\(keys.count) loaded") }
            }

            func value(at index: Int, in values: [Int]) -> Int {
                let doubled = values.map { $0 * 2 }.filter { $0 > index }
                return doubled.reduce(0, +) + index
            }
        }


        """

    static let objcBlock = """
        // A networking client in Objective-C.
        @implementation Client\\(N)
        - (void)fetch:(NSURL *)url completion:(void (^)(NSData *))completion {
            dispatch_async(dispatch_get_global_queue(QOS_CLASS_UTILITY, 0), ^{
                NSData *data = [NSData dataWithContentsOfURL:url];
                NSString *note = @"dispatch_sync(dispatch_get_main_queue(), ^{})";
                dispatch_async(dispatch_get_main_queue(), ^{ completion(data); });
            });
        }
        - (void)update {
            @synchronized (self) { self.count += 1; }
            [[NSOperationQueue mainQueue] addOperationWithBlock:^{ [self reload]; }];
        }
        @end


        """

    /// Writes about `lines` lines below `directory`; returns the files and lines written.
    static func write(to directory: String, lines: Int) throws -> (files: Int, lines: Int) {
        let manager = FileManager.default
        let swiftLines = swiftBlock.split(separator: "\n", omittingEmptySubsequences: false).count - 1
        let objcLines = objcBlock.split(separator: "\n", omittingEmptySubsequences: false).count - 1
        var written = 0
        var files = 0
        var block = 0
        while written < lines {
            let folder = "\(directory)/Module\(files / 50)"
            if files % 50 == 0 { try manager.createDirectory(atPath: folder, withIntermediateDirectories: true) }
            let objc = files % 5 == 4
            var text = ""
            var fileLines = 0
            while fileLines < 500, written + fileLines < lines {
                let template = objc ? objcBlock : swiftBlock
                text += template.replacingOccurrences(of: "\\(N)", with: "\(block)")
                fileLines += objc ? objcLines : swiftLines
                block += 1
            }
            let name = objc ? "Client\(files).m" : "Cache\(files).swift"
            try text.write(toFile: "\(folder)/\(name)", atomically: false, encoding: .utf8)
            written += fileLines
            files += 1
        }
        return (files, written)
    }
}
