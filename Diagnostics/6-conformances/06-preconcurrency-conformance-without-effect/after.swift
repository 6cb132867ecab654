@MainActor protocol Screen {
    func show()
}

/// The protocol is main-actor code, so the conforming type is too.
final class SettingsScreen: Screen {
    func show() {}
}
