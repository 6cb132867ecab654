func orderNumber(for item: String) async -> Int { 1 }

struct Receipt {
    var total: Int { get async { 0 } }
}

/// The API becomes `async`: it returns what the completion handler got.
func placeOrder(_ item: String, receipt: Receipt) async -> Int {
    let number = await orderNumber(for: item)
    print(await receipt.total)
    return number
}

/// The old entry point, kept for callers that are not `async` yet.
func placeOrder(
    _ item: String, receipt: Receipt,
    completion: @escaping @Sendable (Int) -> Void
) {
    Task { completion(await placeOrder(item, receipt: receipt)) }
}
