import Foundation

/// Creates a file of random numbers once, then loads, sorts and shows them off
/// the main actor.
///
/// An actor owns the file, so check-then-create is one step: there is no
/// `await` between the check and the write, so no other caller can get in
/// between, and concurrent callers create the file once. Loading and sorting is
/// `@concurrent` CPU work that leaves the caller's actor, and the summary is
/// shown on the main actor. The numbers come from an injected generator, and
/// the file is written atomically in a directory the caller picks.
public actor NumberStore {
    /// `RAND_MAX`: the largest value of the classic
    /// `arc4random() % ((unsigned int)RAND_MAX + 1)`.
    public static let randMax: UInt32 = 2_147_483_647

    public nonisolated let fileURL: URL

    /// A store whose file is `list.txt` in `directory`.
    public init(directory: URL) {
        fileURL = directory.appendingPathComponent("list.txt")
    }
}

// MARK: - Showing the numbers: `await` the work, then the main actor

extension NumberStore {
    /// Creates the file if needed, loads and sorts the numbers, and shows a
    /// summary on the main actor.
    public nonisolated func showSortedNumbers(
        count: Int = 10_000,
        generator: some RandomNumberGenerator & Sendable,
        log: @escaping @Sendable (String) -> Void,
        show: @escaping @MainActor @Sendable (String) -> Void
    ) async {
        let summary: String
        do {
            let created = try await createFileIfNeeded(
                count: count, generator: generator)
            if created {
                log("Created list.txt with \(count) numbers")
            } else {
                log("list.txt already exists")
            }
            let numbers = try await loadSorted()
            log("Loaded and sorted \(numbers.count) numbers")
            if let first = numbers.first, let last = numbers.last {
                summary =
                    "UI updated with \(numbers.count) numbers, "
                    + "first=\(first), last=\(last)"
            } else {
                summary = "No numbers to show"
            }
        } catch {
            summary = "Could not load the numbers: \(error)"
        }
        await show(summary)
    }
}

// MARK: - The file: check-then-create isolated, loading `@concurrent`

extension NumberStore {
    /// Writes `count` numbers in `0...randMax` unless the file exists; returns
    /// whether it wrote.
    ///
    /// Isolated and synchronous: the check and the write run with no suspension
    /// in between.
    public func createFileIfNeeded(
        count: Int, generator: some RandomNumberGenerator & Sendable
    ) throws -> Bool {
        guard !FileManager.default.fileExists(atPath: fileURL.path) else {
            return false
        }
        var generator = generator
        let numbers = (0..<count).map { _ in
            UInt32.random(in: 0...Self.randMax, using: &generator)
        }
        let text = numbers.map(String.init).joined(separator: "\n") + "\n"
        try Data(text.utf8).write(to: fileURL, options: .atomic)
        return true
    }

    /// The numbers in the file, sorted ascending, read and sorted off the
    /// caller's actor.
    @concurrent
    public nonisolated func loadSorted() async throws -> [UInt32] {
        let text = String(
            decoding: try Data(contentsOf: fileURL), as: UTF8.self)
        return text.split(separator: "\n").compactMap { UInt32($0) }.sorted()
    }
}
