// Check: swift6 rejects
final class PriceFormatter {
// expected-note@-1 {{class 'PriceFormatter' does not conform to the 'Sendable' protocol}}
    var currencyCode = "EUR"
}

let sharedPriceFormatter = PriceFormatter()
// expected-error@-1 {{let 'sharedPriceFormatter' is not concurrency-safe because non-'Sendable' type 'PriceFormatter' may have shared mutable state}}
// expected-note@-2 {{add '@MainActor' to make let 'sharedPriceFormatter' part of global actor 'MainActor'}}
// expected-note@-3 {{disable concurrency-safety checks if accesses are protected by an external synchronization mechanism}}

final class Analytics {
// expected-note@-1 {{class 'Analytics' does not conform to the 'Sendable' protocol}}
    static let shared = Analytics()
    // expected-error@-1 {{static property 'shared' is not concurrency-safe because non-'Sendable' type 'Analytics' may have shared mutable state}}
    // expected-note@-2 {{add '@MainActor' to make static property 'shared' part of global actor 'MainActor'}}
    // expected-note@-3 {{disable concurrency-safety checks if accesses are protected by an external synchronization mechanism}}
    var events: [String] = []
}
