import RecipeKit

extension GuideNote {
    static let swiftUITaskLifetime = GuideNote(
        id: "swiftui-task-lifetime",
        title: "SwiftUI: `.task`, `.task(id:)` and `.refreshable` own their tasks",
        chapter: .isolation,
        sources: [
            "Apple's SwiftUI documentation for `task(priority:_:)`, `task(id:priority:_:)` and `refreshable(action:)`",
            "Seen in real code: `onAppear { DispatchQueue.global().async { … } }` loaders, and alerts that show \"cancelled\" as an error",
        ],
        apis: [
            APIMapping(
                "`onAppear` + `DispatchQueue.global().async`, `onDisappear` to cancel",
                "`.task { … }`: started on appear, cancelled on disappear"
            ),
            APIMapping("reloading when a value changes (`onChange` + a work item)", "`.task(id: value) { … }`"),
            APIMapping("a refresh control's target/action and its end call", "`.refreshable { await … }`"),
        ],
        prose: Articles.note("swiftui-task-lifetime")
    )
}
