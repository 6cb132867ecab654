final class Draft {
    var text = ""
}

@MainActor final class Editor {
    var draft = Draft()
    /// What leaves the main actor is a value: the text, not the object.
    func currentText() -> String { draft.text }
}

nonisolated func autosave(_ editor: Editor) async {
    let text = await editor.currentText()
    print(text)
}
