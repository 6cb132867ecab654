/// A formatter's settings are a value: each user gets a copy.
struct PriceFormatter: Sendable {
    var currencyCode = "EUR"
}

let sharedPriceFormatter = PriceFormatter()

/// A singleton whose state many callers change: an actor.
actor Analytics {
    static let shared = Analytics()
    var events: [String] = []

    func log(_ event: String) { events.append(event) }
}
