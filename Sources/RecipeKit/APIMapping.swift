/// One row of the API cheat sheet: a legacy API and what replaces it.
public struct APIMapping: Sendable, Hashable {
    /// The legacy API as a reader would search for it, e.g. `DispatchQueue(label:)`.
    public let legacy: String
    /// Its modern counterpart, or "no direct equivalent" with the reason.
    public let modern: String

    public init(_ legacy: String, _ modern: String) {
        self.legacy = legacy
        self.modern = modern
    }
}
