/// A value type: each job carries its own copy of the pixels.
struct ImageBuffer: Sendable {
    var pixels: [UInt8] = []
}

struct RenderJob: Sendable {
    var buffer: ImageBuffer
}

enum RenderEvent: Sendable {
    case finished(ImageBuffer)
}
