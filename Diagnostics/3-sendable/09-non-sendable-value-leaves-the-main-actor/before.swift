// Check: swift6 rejects
final class Draft {
// expected-note@-1 {{class 'Draft' does not conform to the 'Sendable' protocol}}
    var text = ""
}

@MainActor final class Editor {
    var draft = Draft()
    func currentDraft() -> Draft { draft }
}

func autosave(_ editor: Editor) async {
    let draft = await editor.currentDraft()
    print(draft.text)
    let again = await editor.draft
    // expected-error@-1 {{non-Sendable type 'Draft' of property 'draft' cannot exit main actor-isolated context}}
    print(again.text)
}
