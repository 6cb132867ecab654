/// A legacy API as it looks in code, so that `scan` can find it in an app and name the recipe.
///
/// A catalog entry lists the shapes its Legacy side replaces, so a new recipe brings its own scan
/// patterns and `scan` keeps no central list of them. A pattern is a chain of identifiers joined by
/// dots, optionally ending in parentheses that list words the call's arguments must contain:
///
/// - `DispatchGroup` matches the type named in code;
/// - `DispatchGroup.enter` matches `DispatchGroup.enter` and `group.enter()` where `group` is
///   declared or initialised as a `DispatchGroup` in the same file (a receiver's type is resolved);
/// - `DispatchQueue.main.async` matches `DispatchQueue.main.async { … }`; calls in the chain are
///   skipped, so `DispatchQueue.global.async` matches `DispatchQueue.global(qos: .utility).async`;
/// - `DispatchQueue.async(barrier)` matches only when the arguments name `barrier`;
/// - Objective-C message sends read as chains too: `[NSOperationQueue mainQueue]` is
///   `NSOperationQueue.mainQueue`, and `[lock lock]` is `NSLock.lock` for an `NSLock *lock`;
/// - a leading dot, `.asyncAfter`, also matches the member on a receiver whose type the file does
///   not say (`self.workQueue.asyncAfter(…)`): use it for members no other API has;
/// - a trailing `*`, `pthread_mutex_*`, matches every identifier with that prefix.
public struct CodeShape: Sendable, Hashable {
    /// The API as findings show it, e.g. `DispatchGroup.enter`. Shapes of several recipes with
    /// the same `api` are one API: a finding lists all of those recipes.
    public let api: String
    /// Patterns that match the API in Swift sources.
    public let swift: [String]
    /// Patterns that match the API in Objective-C and C sources.
    public let objc: [String]
    /// The modern counterpart in a few words, when the recipe's API table does not say it.
    public let modern: String?
    /// A hazard that this API makes likely wherever it appears, in a few words.
    public let hazard: String?
    /// The recipe `scan` names first for this API when several recipes replace it: the page a
    /// reader with this code should open. Without it, the recipe that lists the shape earliest
    /// comes first, and a new recipe that uses the API in passing can take its place.
    public let home: String?

    public init(
        _ api: String,
        swift: [String] = [],
        objc: [String] = [],
        modern: String? = nil,
        hazard: String? = nil,
        home: String? = nil
    ) {
        self.api = api
        self.swift = swift
        self.objc = objc
        self.modern = modern
        self.hazard = hazard
        self.home = home
    }
}
