@MainActor final class ProgressView {
    var fraction = 0.0
    func update(fraction: Double) { self.fraction = fraction }
}

actor Importer {
    let view: ProgressView
    init(view: ProgressView) { self.view = view }

    func importAll(_ count: Int) async {
        for done in 1...count {
            await view.update(fraction: Double(done) / Double(count))
        }
        print(await view.fraction)
    }
}
