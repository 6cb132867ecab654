import RecipeKit

extension Catalog {
    /// Chapter 2, in page order (the recipes drawn from the original texts, then the patterns from real apps).
    static let timers: [Recipe] = [
        .delayedTask,
        .cancellableDelay,
        .repeatingTimer,
        .oneShotTimer,
        .unscheduledTimerRunloop,
        .timerInvalidate,
        .connectTimeout,
        .debounce,
        .retryWithBackoff,
        .throttleLatest,
        .conflateLatest,
        .batchSizeOrTime,
        .rateLimiter,
        .timeoutKeepLateResult,
        .fireAtDate,
    ]
}
