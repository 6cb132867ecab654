/// One row of the guide's "Find your code" index: a legacy API as a reader meets it in their app.
///
/// A reader arrives with `DispatchSemaphore` or `dispatch_group_enter` in front of them, not with a
/// recipe id. A row names the API in every spelling they may have (Swift first, then Objective-C or
/// C), and lists what replaces it, use by use, each beside the recipe that shows it, so the row
/// answers "what do I replace this with?" without a detour through the chapters.
public struct APIIndexEntry: Sendable {
    /// One way the legacy API is used, what replaces it in that use, and where it is shown.
    public struct Use: Sendable {
        /// When this answer applies, in the reader's words ("waiting for a callback").
        public let when: String
        /// The modern counterpart in a few words (Markdown), or "no direct equivalent" and why.
        ///
        /// At most 25 words (`FindYourCodeTests`): the index is scanned row by row, and the detail
        /// belongs on the pages in `recipes`.
        public let modern: String
        /// The ids of the recipes that show it; the first is the one to read first.
        public let recipes: [String]

        public init(_ when: String, _ modern: String, recipes: [String]) {
            self.when = when
            self.modern = modern
            self.recipes = recipes
        }
    }

    /// The spellings of the API as they appear in code: the Swift spelling first, then the
    /// Objective-C / C ones (`DispatchGroup`, `dispatch_group_enter`). Each one is also an anchor
    /// on the index page (`Guide/README.md#dispatchgroup`).
    public let spellings: [String]
    /// Other words people use for the thing ("throttler" for a debounce).
    public let alsoKnownAs: [String]
    public let uses: [Use]

    public init(_ spellings: [String], alsoKnownAs: [String] = [], uses: [Use]) {
        self.spellings = spellings
        self.alsoKnownAs = alsoKnownAs
        self.uses = uses
    }

    /// The page anchor of each spelling, so that `Guide/README.md#dispatch_group_enter` lands on
    /// this row whichever spelling the reader searched for.
    public var anchors: [String] { spellings.map(Self.anchor(for:)) }

    /// A spelling's anchor, kept stable: lower-cased, with everything but letters, digits, `-`
    /// and `_` dropped (`DispatchQueue.main.async` → `dispatchqueuemainasync`).
    public static func anchor(for spelling: String) -> String {
        String(spelling.lowercased().filter { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
    }
}

/// A group of "Find your code" rows of one kind: queues, groups, semaphores, timers, locks, …
public struct APIIndexGroup: Sendable {
    public let kind: String
    public let entries: [APIIndexEntry]
    /// Whether the rows index modern spellings rather than legacy APIs.
    ///
    /// A half-migrated app already has `Task {}` in a completion handler or a
    /// `withCheckedContinuation` around a delegate, and its reader searches for those too. Such
    /// rows lead to the page that shows the spelling used right and the trap it avoids; they pair
    /// with no legacy API of the catalog, and `scan`, which finds legacy code, does not look for
    /// them.
    public let indexesModernCode: Bool

    public init(_ kind: String, _ entries: [APIIndexEntry], indexesModernCode: Bool = false) {
        self.kind = kind
        self.entries = entries
        self.indexesModernCode = indexesModernCode
    }
}
