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
        legacy: """
            A display link calls its target once per screen refresh, with the frame's timestamp, \
            so an animation computes its progress from the time elapsed rather than from a count \
            of ticks. Charts adds it to the main run loop in `.common` modes, so the animation \
            keeps running while the user scrolls (in `.default` mode it would pause), and \
            invalidates it when the animation ends, because the link retains its target.
            """,
        nothingToRun: """
            `CADisplayLink` exists only on Apple platforms (the legacy file is behind \
            `#if canImport(UIKit)`), and it is tied to the display, which a test runner on Linux \
            doesn't have. Run-loop modes have no task equivalent: a task on the main actor runs \
            whenever the main actor is free, whatever the user is doing.
            """,
        instead: [
            """
            For animation on Apple platforms, keep the display link (or use SwiftUI's \
            `TimelineView(.animation)`): only it is synchronised with the display. Stop it from \
            the task or view that owns it, and let the frame's timestamp, not a tick count, drive \
            the progress.
            """,
            """
            For a frame clock that is not tied to a display (a simulation, a game loop on a \
            server, polling at a fixed rate), use a deadline ticker as the Modern file does: sleep \
            until absolute deadlines so that a late frame doesn't push every later one back, \
            skip the frames already missed, and stop by cancelling the task (`repeating-timer`).
            """,
        ]
    )
}
