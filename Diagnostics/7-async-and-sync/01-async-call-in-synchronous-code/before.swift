// Check: swift6 rejects
func orderNumber(for item: String) async -> Int { 1 }

struct Receipt {
    var total: Int { get async { 0 } }
}

/// The old completion-handler API, its body half migrated.
func placeOrder(_ item: String, receipt: Receipt, completion: (Int) -> Void) {
// expected-note@-1 {{add 'async' to function 'placeOrder(_:receipt:completion:)' to make it asynchronous}}
// expected-note@-2 {{add 'async' to function 'placeOrder(_:receipt:completion:)' to make it asynchronous}}
// expected-note@-3 {{add 'async' to function 'placeOrder(_:receipt:completion:)' to make it asynchronous}}
    let number = orderNumber(for: item)
    // expected-error@-1 {{'async' call in a function that does not support concurrency}}
    let check = await orderNumber(for: item)
    // expected-error@-1 {{'async' call in a function that does not support concurrency}}
    print(receipt.total)
    // expected-error@-1 {{'async' property access in a function that does not support concurrency}}
    completion(number + check)
}
