/// A task group counts its children itself: nothing to balance.
func upload(_ name: String) async {}

@main struct Main {
    static func main() async {
        await withTaskGroup(of: Void.self) { group in
            for name in ["a.jpg", "retry.jpg"] {
                group.addTask { await upload(name) }
            }
        }
        print("uploaded")
    }
}
