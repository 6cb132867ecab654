import Foundation

/// The values an alert needs, captured by the block that shows it.
///
/// The classic `dispatch_async_f` version `malloc`s a C struct and the callee
/// `free`s it; a closure capturing a `Sendable` struct needs neither.
public struct AlertViewData: Sendable {
    public var title: String
    public var message: String
    public var cancelButtonTitle: String

    public init(title: String, message: String, cancelButtonTitle: String) {
        self.title = title
        self.message = message
        self.cancelButtonTitle = cancelButtonTitle
    }
}

/// Stands in for `UIAlertView`: UI that may only be touched on the main queue.
///
/// Any thread may *ask* for an alert; `DispatchQueue.main.async` carries the
/// request to the main queue and returns at once. The presenter checks where it
/// runs, as UIKit would complain.
public final class AlertPresenter: Sendable {
    private let show: @Sendable (String) -> Void

    /// `show` puts a line on screen; it is called on the main queue.
    public init(show: @escaping @Sendable (String) -> Void) {
        self.show = show
    }

    /// Shows an alert. Call it on the main queue only.
    public func showAlert(_ alert: AlertViewData) {
        dispatchPrecondition(condition: .onQueue(.main))
        show(
            "Alert: \(alert.title) / \(alert.message) / "
                + alert.cancelButtonTitle
        )
    }

    /// The classic block: from any thread, show "GCD is amazing!" on the main
    /// queue.
    public func announceGCD() {
        DispatchQueue.main.async {
            self.showAlert(
                AlertViewData(
                    title: "GCD", message: "GCD is amazing!",
                    cancelButtonTitle: "OK"))
        }
    }

    /// The classic `dispatch_async_f` variant: the data travels as a captured
    /// `Sendable` value.
    public func announce(_ alert: AlertViewData) {
        DispatchQueue.main.async {
            self.showAlert(alert)
        }
    }
}
