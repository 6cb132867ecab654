import Catalog
import RecipeKit

/// `skills/swift-concurrency-migration/SKILL.md`: the guide as a skill a coding agent loads.
///
/// Agents that read skills (a folder with a `SKILL.md`: front matter with a name and a description
/// of when to use it, then instructions) pick one by its description and follow it. This one says
/// when to run `scan`, how to read a finding and its hazards, how to take the Modern pattern from a
/// recipe and check it with `compare`, and when not to migrate; it ends with every recipe's move,
/// generated from the catalog so it never names a recipe that doesn't exist.
struct SkillFile {
    static let folder = "skills"

    /// The skill's name. The Agent Skills format wants it to be the name of the skill's folder, and
    /// the plugin and the extension that install it (`PluginManifests`) carry it too.
    static let name = "swift-concurrency-migration"
    static let path = name + "/SKILL.md"

    /// The skill's version: in its front matter (`metadata.version`) and in every manifest that
    /// installs it. An agent that installed the plugin offers an update only when the version
    /// changes, so raise it when a change to the skill or to the guide it reads should reach them.
    static let version = "1.0.0"

    /// When to use the skill, as agents read it before loading the rest: folded over these lines in
    /// the front matter, and the description of every manifest that installs it.
    static let descriptionLines = [
        "Migrate Swift (and Objective-C) code from Grand Central Dispatch, OperationQueue, Thread and locks to",
        "Swift concurrency (async/await, actors, task groups, AsyncStream, clocks, Mutex/Atomic), and fix",
        "isolation crashes in Xcode 26 app targets. Use when code calls DispatchQueue, DispatchGroup,",
        "DispatchSemaphore, DispatchSource, OperationQueue, Thread, NSLock or completion handlers, when a",
        "Swift 6 build reports data-race or isolation errors, or when an app traps in",
        "_dispatch_assert_queue_fail or swift_task_isCurrentExecutor.",
    ]

    /// The description as one line: what YAML's folded block (`>-`) makes of `descriptionLines`.
    static var description: String { descriptionLines.joined(separator: " ") }

    var chapters: [Chapter] = Catalog.chapters

    var markdown: String {
        var lines = ["---", "name: \(SkillFile.name)", "description: >-"]
        lines += SkillFile.descriptionLines.map { "  " + $0 }
        let body: [String] = [
            "metadata:",
            "  version: \"\(SkillFile.version)\"",
            "---",
            "",
            "# Migrating to Swift concurrency with this guide",
            "",
            "This repository implements \(Catalog.recipes.count) recipes twice, Legacy (Dispatch, operations, threads, locks)",
            "and Modern (Swift concurrency); a parity test checks that both produce the same outcome. Work from its",
            "code, not from memory: every Modern pattern here compiles in the Swift 6 language mode and in an Xcode 26",
            "app target (default MainActor isolation), and its page says the oldest iOS and macOS it needs.",
            "",
            "Paths and commands here are relative to the repository's folder, the one with `Package.swift` and",
            "`Guide/`: two folders above this file's own (`skills/\(SkillFile.name)/`), where a clone or an",
            "agent's plugin install puts it. If this folder was copied on its own, ask the user where a clone is.",
            "",
            "## 1. Find the legacy code",
            "",
            "Run `scan` from this repository's folder on the code to migrate (files or folders; Swift, Objective-C, C):",
            "",
            "```sh",
            "swift run scan --format json PATH... > scan.json          # findings for you to read",
            "swift run scan --default-isolation MainActor PATH...       # an Xcode 26 app target's sources",
            "```",
            "",
            "Pass `--default-isolation MainActor` when the code is an app target built with Xcode 26's default",
            "(Default Actor Isolation: MainActor); packages and older targets are the default, `nonisolated`.",
            "",
            "## 2. From a failing build to the entries",
            "",
            "When a build fails with concurrency errors (the Swift 6 language mode, or an Xcode 26 app target), keep",
            "its log and let `scan` place each message:",
            "",
            "```sh",
            "swift build 2>&1 | tee build.log             # or xcodebuild's output, or Xcode's Copy Transcript",
            "swift run scan --build-log build.log --json  # the messages grouped by entry, most frequent first",
            "```",
            "",
            "A single message can also be looked up in `Guide/find-your-error.md`, which lists every message of the",
            "corpus as the compiler prints it, the names your code decides shown as `‹name›` and `‹type›`.",
            "",
            "Each message leads to an entry, `Guide/errors/<entry>.md`: read \"What it means\" and \"The usual fix\",",
            "compare the code with the entry's `before.swift` and `after.swift` (under `Diagnostics/`), and follow the",
            "recipe its \"Where it comes from\" names. Don't silence a message with `@unchecked Sendable`,",
            "`nonisolated(unsafe)`, `@preconcurrency` or `MainActor.assumeIsolated`: each entry's \"Tempting fixes\"",
            "says when one of them is right. A message `scan` lists under \"No entry yet\" is not in the corpus: take",
            "the nearest entry and say so. Run-time traps (`_dispatch_assert_queue_fail`, \"Incorrect actor executor",
            "assumption\", \"SWIFT TASK CONTINUATION MISUSE\") are in that page's last group.",
            "",
            "## 3. Read a finding",
            "",
            "Each finding has `path`, `line`, `column`, `api` (as the guide names it, e.g. `DispatchGroup.enter`),",
            "`recipes` (ids, titles and pages: the page for this use of the API first, read from the code around",
            "it; a guide note when the note is the subject), `modern` (the counterpart in a few words) and",
            "`hazards`. A finding with no recipe is an API no page shows yet: use its `modern` hint and say so.",
            "",
            "When the first page doesn't fit the code (its **Replace** line names another use), read the next ids in",
            "`recipes`, then the \"Find your code\" index (`Guide/README.md`) for the API; say which page you",
            "followed and why. A finding on a spelling the guide recommends (`OSAllocatedUnfairLock`) names the page",
            "that recommends it: keep it where that page says to.",
            "",
            "Each hazard is `likely` (the code shows the danger) or `possible` (the danger depends on code the file",
            "doesn't show, such as the caller's thread); `hazardDetails` gives the reason. Fix the likely ones first;",
            "check a possible one against the callers. Each names the fix:",
            "",
            "- \"likely deadlock\" (`sync` onto the queue a block runs on, `DispatchQueue.main.sync`): see",
            "  `sync-deadlock`.",
            "- \"likely blocking wait for a callback\" (a semaphore or group waited on right after the call that",
            "  signals it): await the callback instead, `sync-wait-for-callback`; never block in async code",
            "  (`semaphore-in-async-starvation`).",
            "- \"likely lock held across a callback\": call the callback after unlocking, `lock-zoo`.",
            "- \"likely runtime isolation trap\" (a handler written in main-actor code that Dispatch runs on another",
            "  queue): make the closure `@Sendable` and hop to the main actor, `callback-isolation-trap`;",
            "  `isolation-inference-trap` for `group.notify(queue: .global())`.",
            "- \"a conformance's witnesses trap\" (`@preconcurrency` conformance): `delegate-conformance-isolation`.",
            "- \"likely needless detach\" (`Task.detached` in main-actor code that calls back into `self`):",
            "  `where-does-it-run`.",
            "- \"likely blocking wait in async code\" (`semaphore.wait()`, `group.wait()`, `Thread.sleep`, `usleep`",
            "  in a task): await instead, `semaphore-in-async-starvation`; keep blocking work on a thread of its",
            "  own, `blocking-io-executor`.",
            "- \"likely leaked continuation\" / \"likely double resume\" (a `withCheckedContinuation` body): resume",
            "  exactly once on every path, each branch resuming then returning, `sync-wait-for-callback`.",
            "- \"likely reordering\" (a `Task { }` per call of a handler such as `onMessage`): yield each value into one",
            "  `AsyncStream` that one task consumes, `ordered-async-writes`.",
            "- \"likely needless hop\" (`DispatchQueue.main.async` in a main-actor function): call it directly;",
            "  if the deferral was the point, say so with `Task { }` or `await Task.yield()`, `main-queue-ui-update`.",
            "",
            "## 4. Apply a recipe",
            "",
            "1. Open the first recipe's page, `Guide/<chapter>/<id>.md`. Read its opening lines (**Replace** …",
            "   **with**, **Needs**, **Watch out**), then \"Where the two sides differ on purpose\" and \"Pitfalls\"",
            "   before writing code: they list the behaviour that changes. A rule about where code runs or what",
            "   the compiler accepts is stated once, checked, on `Guide/rules.md`; the model is `Guide/model.md`.",
            "2. Copy the smallest form that does the job: the Modern file's first section (above its first",
            "   `// MARK: - ` line) is the recommended code. Take a later section (a variant, a general helper) or a",
            "   companion file its \"To copy this recipe\" line names only when the app needs what it adds. Never",
            "   copy below `// MARK: - Driver`: that is demonstration code. Prefer making callers `async` to",
            "   keeping a blocking shim.",
            "3. Check the page's **Needs** line (the first section's minimum; a later section that needs more says",
            "   so) against the app's deployment target; where the pattern needs a newer OS than the app supports,",
            "   keep the legacy code or use the fallback the page names.",
            "4. Keep the semantics the page says the legacy code had (ordering, cancellation, which thread or actor",
            "   runs a callback) unless the page says the difference is deliberate.",
            "5. Run `swift run compare <id>` to see both sides run and agree, and `swift run compare --code <id>` for",
            "   the two files side by side.",
            "",
            "Modern code here is structured and cancellable: no `@unchecked Sendable`, no blocking waits",
            "(`semaphore.wait()`, `group.wait()`, `Thread.sleep`) in async code, isolation stated where it matters.",
            "Hold migrated code to the same rules.",
            "",
            "## 5. When not to migrate",
            "",
            "Read `Guide/11-isolation-at-the-edges/when-not-to-migrate.md` before replacing everything: animation",
            "delays, `DispatchSource` boundaries that an SDK owns, libraries whose public API must stay synchronous,",
            "and real-time or blocking threads (a frame loop, a blocking read) are often right as they are, or keep",
            "their thread behind an async interface (`frame-pacing-thread`, `interruptible-blocking-worker`,",
            "`blocking-io-executor`).",
            "",
            "## Every recipe",
            "",
            "`id`: the move it shows. The page is `Guide/<chapter folder>/<id>.md`.",
            "",
        ]
        lines += body
        for chapter in chapters {
            lines.append("### \(chapter.number). \(chapter.title) (`Guide/\(chapter.slug)/`)")
            lines.append("")
            for recipe in Catalog.recipes(in: chapter) {
                lines.append("- `\(recipe.id)`: \(IndexPage.move(recipe))")
            }
            for note in Catalog.notes(in: chapter) {
                lines.append("- `\(note.id)` (guide note): \(IndexPage.move(note))")
            }
            lines.append("")
        }
        lines.append("<!-- Generated by `swift run guide` from the catalog. Do not edit. -->")
        return lines.joined(separator: "\n") + "\n"
    }
}
