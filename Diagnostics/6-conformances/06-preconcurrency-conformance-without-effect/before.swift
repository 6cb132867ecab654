// Check: swift6 rejects
/// A protocol of this module, already checked in the Swift 6 mode.
@MainActor protocol Screen {
    func show()
}

final class SettingsScreen: @preconcurrency Screen {
// expected-warning@-1 {{'@preconcurrency' on conformance to 'Screen' has no effect}}
    func show() {}
}
