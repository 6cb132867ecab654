// Check: swift6 rejects
protocol Decoder {
    init(bytes: [UInt8])
}

func decodeInBackground<Model: Decoder>(
    _ type: Model.Type, _ bytes: [UInt8]
) async {
    await Task.detached {
    // expected-warning@-1 {{passing closure as a 'sending' parameter risks causing data races between code in the current task and concurrent execution of the closure}}
        _ = type.init(bytes: bytes)
        // expected-warning@-1 {{capture of non-Sendable type 'Model.Type' in an isolated closure}}
        // expected-note@-2 {{closure captures 'type' which is accessible to code in the current task}}
    }.value
}
