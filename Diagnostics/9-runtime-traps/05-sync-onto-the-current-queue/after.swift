/// Main-actor state is read on the main actor: callers there call it,
/// others `await` it.
@MainActor func currentUserName() -> String { "Ada" }

@main struct Main {
    static func main() async {
        print(currentUserName())
    }
}
