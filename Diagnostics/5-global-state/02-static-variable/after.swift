/// Settings that the UI changes: the main actor owns them.
@MainActor final class AppSettings {
    static var current = AppSettings()
    let theme = "dark"
}
