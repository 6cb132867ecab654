// Check: swift6 rejects
final class Thumbnail {
    var pixels: [UInt8] = []
}

func prepare(_ thumbnail: Thumbnail) async {
    Task {
    // expected-error@-1 {{passing closure as a 'sending' parameter risks causing data races between code in the current task and concurrent execution of the closure}}
        thumbnail.pixels = [0, 0, 0]
        // expected-note@-1 {{closure captures 'thumbnail' which is accessible to code in the current task}}
    }
    print(thumbnail.pixels.count)
}

@MainActor final class GalleryScreen {
    var current = Thumbnail()

    func export() async {
        let thumbnail = current
        await Task.detached {
        // expected-error@-1 {{passing closure as a 'sending' parameter risks causing data races between main actor-isolated code and concurrent execution of the closure}}
            print(thumbnail.pixels.count)
            // expected-note@-1 {{closure captures 'thumbnail' which is accessible to main actor-isolated code}}
        }.value
    }
}
