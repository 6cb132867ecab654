/// Used from background work: the store is an actor, not main-actor code.
actor ImageStore {
    static let shared = ImageStore()
    var names: [String] = []
    func store(_ name: String) { names.append(name) }
}

nonisolated func prefetch(_ names: [String]) async {
    for name in names { await ImageStore.shared.store(name) }
}

nonisolated func storeIsWarm() async -> Bool {
    await !ImageStore.shared.names.isEmpty
}
