import RecipeKit

extension Catalog {
    /// Chapter 2, in page order.
    static let timers: [Recipe] = [
        .repeatingTimer,
        .oneShotTimer,
        .unscheduledTimerRunloop,
        .timerInvalidate,
    ]
}
