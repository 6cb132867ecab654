/// The isolation `scan` assumes for code that states none.
///
/// An Xcode 26 app target compiles with `-default-isolation MainActor`: every declaration without
/// an attribute of its own is on the main actor, so a closure written anywhere in it may trap when
/// Dispatch runs it on another queue. `scan` can't see the build settings, so the user says so
/// with `--default-isolation MainActor`; packages and older targets are `nonisolated`.
public enum DefaultIsolation: String, Sendable, CaseIterable {
    case nonisolated
    case mainActor = "MainActor"
}
