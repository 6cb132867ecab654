// Check: swift6 rejects
@concurrent func resize(_ pixels: [UInt8]) -> [UInt8] {
// expected-error@-1 {{cannot use @concurrent on non-async global function 'resize'}}
    pixels
}

struct Compressor {
    @concurrent func compress(_ bytes: [UInt8]) -> [UInt8] { bytes }
    // expected-error@-1 {{cannot use @concurrent on non-async instance method 'compress'}}
}
