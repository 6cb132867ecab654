// Check: swift6 rejects
final class Selection {
// expected-note@-1 {{class 'Selection' does not conform to the 'Sendable' protocol}}
    var ids: [Int] = []
}

@MainActor final class ListScreen {
    var selection = Selection()
    func currentSelection() -> Selection { selection }
}

func deleteSelected(on screen: ListScreen) async {
    let selection = await screen.currentSelection()
    // expected-error@-1 {{non-Sendable 'Selection'-typed result can not be returned from main actor-isolated instance method 'currentSelection()' to nonisolated context}}
    print(selection.ids)
}
