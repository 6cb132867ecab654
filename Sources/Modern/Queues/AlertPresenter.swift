/// The values an alert needs; `Sendable`, so they may cross to the main actor.
public nonisolated struct AlertViewData: Sendable {
    public var title: String
    public var message: String
    public var cancelButtonTitle: String

    public init(title: String, message: String, cancelButtonTitle: String) {
        self.title = title
        self.message = message
        self.cancelButtonTitle = cancelButtonTitle
    }
}

/// Stands in for `UIAlertView`: UI state isolated to the main actor.
///
/// `@MainActor` moves the "main queue only" rule from a comment into the type:
/// code elsewhere must `await` the call (the compiler inserts the hop), and
/// synchronous code starts a `Task { @MainActor in … }`, the closest match to
/// `DispatchQueue.main.async`.
@MainActor
public final class AlertPresenter {
    private let show: @MainActor @Sendable (String) -> Void

    /// `show` puts a line on screen; it runs on the main actor.
    public init(show: @escaping @MainActor @Sendable (String) -> Void) {
        self.show = show
    }

    /// Shows an alert; isolated to the main actor.
    public func showAlert(_ alert: AlertViewData) {
        show(
            "Alert: \(alert.title) / \(alert.message) / "
                + alert.cancelButtonTitle
        )
    }

    /// From async code anywhere: await the main-actor method; the call hops to
    /// the main actor.
    public nonisolated func announceGCD() async {
        await showAlert(
            AlertViewData(
                title: "GCD", message: "GCD is amazing!",
                cancelButtonTitle: "OK"))
    }

    /// From synchronous code: a main-actor task, returned so that a caller may
    /// await it.
    @discardableResult
    public nonisolated func announce(
        _ alert: AlertViewData
    ) -> Task<Void, Never> {
        Task { @MainActor in
            self.showAlert(alert)
        }
    }

    /// From async code, running a block on the main actor: `MainActor.run`
    /// replaces `main.sync`.
    public nonisolated func announceAndWait(_ alert: AlertViewData) async {
        await MainActor.run {
            self.showAlert(alert)
        }
    }
}
