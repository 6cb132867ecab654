final class Selection {
    var ids: [Int] = []
}

@MainActor final class ListScreen {
    var selection = Selection()
    /// A value leaves the main actor, not the object it keeps changing.
    func selectedIDs() -> [Int] { selection.ids }
}

nonisolated func deleteSelected(on screen: ListScreen) async {
    let ids = await screen.selectedIDs()
    print(ids)
}
