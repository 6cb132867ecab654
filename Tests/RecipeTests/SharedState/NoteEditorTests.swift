import Legacy
import Modern
import RecipeKit
import Testing

@Suite(.timeLimit(.minutes(1))) struct NoteEditorTests {
    enum Side: String, CaseIterable, Sendable {
        case legacy, modern
    }

    @Test(arguments: Side.allCases)
    func theOwnerSeesTheWorkersChange(_ side: Side) async {
        let recorder = Recorder()
        switch side {
        case .legacy:
            await withCheckedContinuation { done in
                Legacy.NoteEditor.demo(log: recorder.logger) { done.resume() }
            }
        case .modern:
            await Modern.NoteEditor.demo(log: recorder.logger)
        }
        #expect(
            recorder.lines == [
                "owner: handing off note 1", "worker: edited note 1", "owner sees: draft (edited)",
            ])
    }

    @Test(arguments: Side.allCases)
    func everyOwnerSeesItsOwnEditUnderLoad(_ side: Side) async {
        let owners = 200
        let seen = Locked<[Int: [String]]>([:])
        switch side {
        case .legacy:
            let storage = NoteStorage()
            await withTaskGroup(of: Void.self) { group in
                for id in 0..<owners {
                    group.addTask {
                        let editor = Legacy.NoteEditor(id: id, title: "note \(id)", storage: storage)
                        await withCheckedContinuation { done in
                            editor.editInBackground({ $0 + " edited" }, log: { _ in }) { title in
                                seen.withLock { $0[id, default: []].append(title) }
                                done.resume()
                            }
                        }
                    }
                }
            }
        case .modern:
            let editor = Modern.NoteEditor()
            await withTaskGroup(of: Void.self) { group in
                for id in 0..<owners {
                    group.addTask {
                        var note = Modern.Note(id: id, title: "note \(id)")
                        note = await editor.editInBackground(note, { $0 + " edited" }, log: { _ in })
                        let title = note.title
                        seen.withLock { $0[id, default: []].append(title) }
                    }
                }
            }
        }
        let all = seen.withLock { $0 }
        #expect(all.count == owners)
        #expect(all.allSatisfy { id, titles in titles == ["note \(id) edited"] })
    }

    @Test func modernHandsOverTheObjectLegacyResolvesAnother() async {
        let storage = NoteStorage()
        let legacyNote = storage.makeNote(id: 1, title: "draft")
        let resolved = legacyNote.reference.resolve()
        resolved.title = "edited"
        #expect(resolved !== legacyNote)
        #expect(legacyNote.title == "edited")

        let note = Modern.Note(id: 1, title: "draft")
        let identity = ObjectIdentifier(note)
        let back = await NoteWorker().edit(note, { _ in "edited" }, log: { _ in })
        #expect(ObjectIdentifier(back) == identity)
        #expect(back.title == "edited")
    }
}
