// Check: swift6 rejects
final class ImageBuffer {
// expected-note@-1 {{class 'ImageBuffer' does not conform to the 'Sendable' protocol}}
// expected-note@-2 {{class 'ImageBuffer' does not conform to the 'Sendable' protocol}}
    var pixels: [UInt8] = []
}

struct RenderJob: Sendable {
    var buffer: ImageBuffer
    // expected-error@-1 {{stored property 'buffer' of 'Sendable'-conforming struct 'RenderJob' has non-Sendable type 'ImageBuffer'}}
}

enum RenderEvent: Sendable {
    case finished(ImageBuffer)
    // expected-error@-1 {{associated value 'finished' of 'Sendable'-conforming enum 'RenderEvent' has non-Sendable type 'ImageBuffer'}}
}
