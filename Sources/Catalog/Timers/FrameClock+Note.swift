import RecipeKit

extension GuideNote {
    static let frameClock = GuideNote(
        id: "frame-clock",
        title: "Display-link animation",
        chapter: .timers,
        sources: [
            "Seen in real code: ChartsOrg/Charts `Source/Charts/Animation/Animator.swift` (`CADisplayLink` in the common run-loop modes)"
        ],
        file: "Timers/FrameClock.swift",
        apis: [
            APIMapping(
                "`CADisplayLink` added to the main run loop in `.common` modes",
                "a deadline ticker on the main actor (`ContinuousClock.sleep(until:)`)"
            )
        ],
        prose: Articles.note("frame-clock")
    )
}
