import Foundation

/// Creates a file of random numbers once, then loads, sorts and shows them, all
/// off the main queue.
///
/// The classic `viewDidAppear:` version: on a global queue, generate 10,000
/// numbers only if the file does not exist yet, load the file, sort it, then
/// hop to the main queue to update the UI. The numbers come from an injected
/// generator (`arc4random` cannot be seeded), the file lives in a directory the
/// caller picks instead of Documents, and it is written atomically, so a reader
/// never sees half a file. The check-then-create is still a race when two
/// callers run at once: both may generate.
public final class NumberStore: Sendable {
    /// `RAND_MAX`: the largest value of the classic
    /// `arc4random() % ((unsigned int)RAND_MAX + 1)`.
    public static let randMax: UInt32 = 2_147_483_647

    public let fileURL: URL

    /// A store whose file is `list.txt` in `directory`.
    public init(directory: URL) {
        fileURL = directory.appendingPathComponent("list.txt")
    }

    public var hasFileAlreadyBeenCreated: Bool {
        FileManager.default.fileExists(atPath: fileURL.path)
    }
}

// MARK: - Showing the numbers: a global queue, then the main queue

extension NumberStore {
    /// Creates the file if needed, loads and sorts the numbers on a global
    /// queue, and shows a summary. `show` is called exactly once, on the main
    /// queue.
    public func showSortedNumbers(
        count: Int = 10_000,
        generator: some RandomNumberGenerator & Sendable,
        log: @escaping @Sendable (String) -> Void,
        show: @escaping @Sendable (String) -> Void
    ) {
        DispatchQueue.global().async {
            // The classic `__block randomNumbers` becomes a value handed from
            // one block to the next.
            let result = Result {
                let created = try self.createFileIfNeeded(
                    count: count, generator: generator)
                if created {
                    log("Created list.txt with \(count) numbers")
                } else {
                    log("list.txt already exists")
                }
                let numbers = try self.loadSorted()
                log("Loaded and sorted \(numbers.count) numbers")
                return numbers
            }
            DispatchQueue.main.async {
                switch result {
                case .success(let numbers):
                    if let first = numbers.first, let last = numbers.last {
                        show(
                            "UI updated with \(numbers.count) numbers, "
                                + "first=\(first), last=\(last)"
                        )
                    } else {
                        show("No numbers to show")
                    }
                case .failure(let error):
                    show("Could not load the numbers: \(error)")
                }
            }
        }
    }
}

// MARK: - The file: create it once, load it sorted

extension NumberStore {
    /// Writes `count` numbers in `0...randMax` unless the file exists; returns
    /// whether it wrote.
    public func createFileIfNeeded(
        count: Int, generator: some RandomNumberGenerator
    ) throws -> Bool {
        guard !hasFileAlreadyBeenCreated else { return false }
        var generator = generator
        let numbers = (0..<count).map { _ in
            UInt32.random(in: 0...Self.randMax, using: &generator)
        }
        let text = numbers.map(String.init).joined(separator: "\n") + "\n"
        try Data(text.utf8).write(to: fileURL, options: .atomic)
        return true
    }

    /// The numbers in the file, sorted ascending.
    public func loadSorted() throws -> [UInt32] {
        let text = String(
            decoding: try Data(contentsOf: fileURL), as: UTF8.self)
        return text.split(separator: "\n").compactMap { UInt32($0) }.sorted()
    }
}
