import Catalog
import Foundation
import RecipeKit
import Testing

@testable import GuideKit

/// The "Find your code" index answers every legacy API the catalog names, reaches every recipe,
/// and names only recipes that exist.
@Suite struct FindYourCodeTests {
    @Test func everyRecipeIsReachableFromTheIndex() {
        let named = Set(FindYourCode.entries.flatMap { $0.uses.flatMap(\.recipes) })
        for recipe in Catalog.recipes {
            #expect(named.contains(recipe.id), "no Find your code row leads to \(recipe.id)")
        }
    }

    /// A spelling belongs to one row: its anchor on the page, and its DocC page, are made from it.
    @Test func noSpellingIsInTwoRows() {
        var rows: [String: Int] = [:]
        for entry in FindYourCode.entries {
            for spelling in entry.spellings { rows[spelling, default: 0] += 1 }
        }
        #expect(rows.filter { $0.value > 1 }.keys.sorted() == [])
    }

    @Test func everyNamedRecipeIsInTheCatalog() {
        let landed = Set(Catalog.recipes.map(\.id) + Catalog.notes.map(\.id))
        for entry in FindYourCode.entries {
            for id in entry.uses.flatMap(\.recipes) {
                #expect(landed.contains(id), "\(entry.spellings[0]) names unknown recipe \(id)")
            }
        }
    }

    /// Each catalog API pair's legacy side contains one of the index's spellings (or a spelling's
    /// call prefix, `Timer(` for `Timer(fire:…)`), so a reader who searches for it finds a row.
    /// API pairs that are not concurrency: they stay in their recipes' API tables, but neither the
    /// index nor `scan` looks for them (a finding for every `arc4random` would be noise).
    static let notConcurrency = [
        "arc4random", "writeToFile", "NSSearchPathForDirectoriesInDomains", "fileExists", "__weak",
    ]

    /// Only legacy rows count: a modern spelling of the half-migrated group (`actor`) must not
    /// pass for a legacy API that merely contains it.
    @Test func everyLegacyAPIOfTheCatalogHasARow() {
        let spellings = FindYourCode.legacyEntries.flatMap(\.spellings)
        for recipe in Catalog.recipes {
            for api in recipe.apis where !Self.notConcurrency.contains(where: { api.legacy.contains($0) }) {
                let covered = spellings.contains { spelling in
                    if api.legacy.contains(spelling) { return true }
                    guard let open = spelling.firstIndex(of: "(") else { return false }
                    return api.legacy.contains(spelling[...open])
                }
                #expect(covered, "\(recipe.id): no Find your code row for `\(api.legacy)`")
            }
        }
    }

    @Test func rowsAreCompleteAndAnchorsUnique() {
        var seen: [String: String] = [:]
        for entry in FindYourCode.entries {
            #expect(!entry.spellings.isEmpty && !entry.uses.isEmpty)
            for use in entry.uses {
                #expect(!use.recipes.isEmpty, "\(entry.spellings[0]): '\(use.when)' names no recipe")
                #expect(!use.when.isEmpty && !use.modern.isEmpty)
            }
            for (anchor, spelling) in zip(entry.anchors, entry.spellings) {
                #expect(!anchor.isEmpty, "\(spelling) has no anchor")
                #expect(seen[anchor] == nil, "\(spelling) and \(seen[anchor] ?? "") share the anchor #\(anchor)")
                seen[anchor] = spelling
            }
        }
    }

    /// The most words a "Replace it with" (or "Use it like this") cell may hold.
    static let replacementWordLimit = 25

    /// Each cell says the replacement in a few words and leaves the rest to the page it links.
    ///
    /// Cells of 40 to 60 words made the index a wall of text that hid the rows around them; the
    /// detail belongs on the recipe pages. Words are counted as a reader counts them, split on
    /// whitespace, so a code span counts as the words it holds (`await MainActor.run {}` is three).
    @Test func everyReplacementCellIsShort() {
        for entry in FindYourCode.entries {
            for use in entry.uses {
                let words = use.modern.split(whereSeparator: \.isWhitespace).count
                #expect(
                    words <= Self.replacementWordLimit,
                    "\(entry.spellings[0]), '\(use.when)': \(words) words (at most \(Self.replacementWordLimit))")
            }
        }
    }

    /// The index as a browser's find-in-page reads it: a breakable `<code>` span (`BreakableCode`)
    /// is its text, without the `<wbr>` break opportunities.
    static var searchable: String {
        page.replacingOccurrences(of: "<wbr>", with: "").replacingOccurrences(of: "<code>", with: "`")
            .replacingOccurrences(of: "</code>", with: "`").replacingOccurrences(of: "&#124;", with: "|")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&amp;", with: "&")
    }

    /// Legacy spellings a reader searches the page for, each with a row of its own or on the right
    /// row, and the recipe its row leads to first.
    @Test(arguments: [
        ("performSelector:withObject:afterDelay:", "delayed-task"),
        ("cancelPreviousPerformRequestsWithTarget:", "delayed-task"),
        ("DISPATCH_SOURCE_TYPE_TIMER", "repeating-timer"), ("CFRunLoopTimerCreateWithHandler", "repeating-timer"),
        ("Timer(fireAt:interval:target:selector:userInfo:repeats:)", "unscheduled-timer-runloop"),
        ("fireDate", "debounce"), ("DispatchSourceTimer.schedule(wallDeadline:)", "repeating-timer"),
        ("UIApplication.shared.beginBackgroundTask(expirationHandler:)", "operation-cancellation"),
        ("ProcessInfo.processInfo.performExpiringActivity(withReason:using:)", "operation-cancellation"),
        ("FSEventStreamCreate", "dispatch-source-dir-watch"), (".wait()", "group-wrap-callback-api"),
        (".signal()", "group-wrap-callback-api"), (".enter()", "group-wrap-callback-api"),
        (".leave()", "group-wrap-callback-api"), ("RunLoop.add(_:forMode:)", "unscheduled-timer-runloop"),
        ("URLSession.shared.dataTask", "urlsession-data-task"), ("URLSessionDataDelegate", "urlsession-data-task"),
        ("pendingRequests[id]", "pending-replies"), ("completionQueue:", "ordered-async-writes"),
    ])
    func aSearchedSpellingHasARowAndAnAnchor(spelling: String, firstRecipe: String) throws {
        let entry = try #require(FindYourCode.legacyEntries.first { $0.spellings.contains(spelling) })
        #expect(entry.uses.first?.recipes.first == firstRecipe)
        #expect(Self.page.contains("<a id=\"\(APIIndexEntry.anchor(for: spelling))\"></a>"))
        #expect(Self.searchable.contains("`\(spelling)`"), "Ctrl-F for \(spelling) finds nothing")
    }

    /// A timer debounced by moving its `fireDate` lands on `debounce`, not only on the timer pages.
    @Test func movingAFireDateLeadsToDebounce() throws {
        let entry = try #require(FindYourCode.legacyEntries.first { $0.spellings.contains("Timer.fireDate") })
        let debounce = try #require(entry.uses.first { $0.when.contains("debounce") })
        #expect(debounce.recipes == ["debounce"])
    }

    /// `DispatchQueue.global`'s rows say where a blocking loop goes: a thread of its own, not the
    /// cooperative pool that a `@concurrent` function runs on.
    @Test func aBlockingLoopIsNotSentToTheCooperativePool() throws {
        let global = try #require(FindYourCode.legacyEntries.first { $0.spellings.contains("DispatchQueue.global") })
        let blocking = try #require(global.uses.first { $0.when.contains("blocking loop") })
        #expect(blocking.modern.contains("`Thread`"))
        #expect(blocking.recipes.contains("blocking-the-pool"))
    }

    /// The half-migrated group indexes modern spellings: each has an anchor, leads to recipes of
    /// the catalog, and pairs with no legacy API (so it is kept out of the legacy checks).
    @Test func theHalfMigratedGroupIndexesModernSpellings() throws {
        let group = try #require(FindYourCode.groups.first { $0.kind == "Half-migrated code" })
        #expect(group.indexesModernCode)
        #expect(FindYourCode.groups.filter(\.indexesModernCode).count == 1)
        let spellings = group.entries.flatMap(\.spellings)
        for expected in [
            "Task {}", "Task.detached", "withCheckedContinuation", "withCheckedThrowingContinuation", "MainActor.run",
            "withTaskCancellationHandler", "@unchecked Sendable", "nonisolated(unsafe)", "actor",
            "AsyncStream.Continuation",
        ] {
            #expect(spellings.contains(expected), "no half-migrated row for `\(expected)`")
        }
        let landed = Set(Catalog.recipes.map(\.id))
        for entry in group.entries {
            for anchor in entry.anchors {
                #expect(Self.page.contains("<a id=\"\(anchor)\"></a>"))
            }
            for use in entry.uses {
                #expect(!use.recipes.isEmpty && use.recipes.allSatisfy(landed.contains), "\(use.when)")
            }
        }
        #expect(Set(spellings).isDisjoint(with: FindYourCode.legacyEntries.flatMap(\.spellings)))
    }

    static let page: String = {
        let chapters = Catalog.chapters.map { chapter in
            (chapter, Catalog.recipes(in: chapter), Catalog.notes(in: chapter))
        }
        return IndexPage(chapters: chapters).markdown
    }()

    @Test(arguments: [
        ("DispatchSemaphore", "dispatchsemaphore"), ("dispatch_group_enter", "dispatch_group_enter"),
        ("NSLock", "nslock"), ("Timer.scheduledTimer", "timerscheduledtimer"),
        ("Thread.detachNewThread", "threaddetachnewthread"), ("DispatchWorkItem.wait", "dispatchworkitemwait"),
    ])
    func theIndexPageHasAnAnchorPerSpelling(spelling: String, anchor: String) throws {
        #expect(APIIndexEntry.anchor(for: spelling) == anchor)
        let chapters = Catalog.chapters.map { chapter in
            (chapter, Catalog.recipes(in: chapter), Catalog.notes(in: chapter))
        }
        let page = IndexPage(chapters: chapters).markdown
        #expect(page.contains("<a id=\"\(anchor)\"></a>"))
        let findYourCode = try #require(page.range(of: "## Find your code"))
        let chapterTables = try #require(page.range(of: "## Chapters"))
        #expect(findYourCode.lowerBound < chapterTables.lowerBound, "Find your code comes before the chapter tables")
    }

    /// The page's first screen gives the ways in: the index below, "Find your error", the chapter
    /// list, and the model page.
    ///
    /// A reader who arrives with a compiler error or a topic, not an API, must not have to scroll
    /// past the index to find the way in. At 1,000 px the first screen is about 40 lines of text;
    /// the count here is rough (a heading two lines, a line of Markdown one per 100 characters): it
    /// gave 32 where Chromium, with GitHub's widths, put the "Find your code" heading 34 lines down.
    @Test func theFirstScreenGivesTheWaysInTheChaptersAndTheModel() throws {
        let chapters = Catalog.chapters.map { chapter in
            (chapter, Catalog.recipes(in: chapter), Catalog.notes(in: chapter))
        }
        let page = IndexPage(chapters: chapters, hasPerformancePage: true, errorMessages: 80).markdown
        let index = try #require(page.range(of: "\n## Find your code\n"))
        let opening = String(page[..<index.lowerBound])
        #expect(opening.contains("## Three ways in"))
        for link in ["(#find-your-code)", "(find-your-error.md)", "(model.md)", "(#chapters)"] {
            #expect(opening.contains(link), "the first screen does not link \(link)")
        }
        for chapter in Catalog.chapters {
            #expect(opening.contains("](\(chapter.slug)/README.md)"), "the first screen does not list \(chapter.title)")
        }
        let estimate = opening.split(separator: "\n").map { line -> Int in
            line.hasPrefix("#") ? 2 : (line.count + 99) / 100
        }.reduce(0, +)
        #expect(estimate <= 40, "the text before Find your code runs to about \(estimate) lines (at most 40)")
    }
}

/// Recipe ids in prose become links, and an id that is not in the catalog is caught.
@Suite struct CrossReferencesTests {
    let references = CrossReferences(
        recipes: [Catalog.recipe("serial-queue")!, Catalog.recipe("readers-writer-barrier")!]
    )

    @Test func aLandedIDBecomesARelativeLink() {
        var unknown: [String] = []
        let text = references.link(
            "See `readers-writer-barrier` and `serial-queue`.", from: "01-queues-and-hopping", unknown: &unknown)
        #expect(
            text
                == "See [`readers-writer-barrier`](../05-shared-state-and-synchronization/readers-writer-barrier.md) and [`serial-queue`](serial-queue.md)."
        )
        #expect(unknown.isEmpty)
    }

    @Test func anIDWithoutAPageStaysTextAndIsReported() {
        var unknown: [String] = []
        let text = references.link(
            "Read `serial-queue`, not `serial-queu`; `async` is code.", from: nil, unknown: &unknown)
        #expect(text == "Read [`serial-queue`](01-queues-and-hopping/serial-queue.md), not `serial-queu`; `async` is code.")
        #expect(unknown == ["serial-queu"])
    }

    @Test func aPageIsNotLinkedToItselfNorLinkedTwice() {
        var unknown: [String] = []
        let text = references.link(
            "This is `serial-queue`; [`readers-writer-barrier`](x.md).", from: "01-queues-and-hopping",
            page: "serial-queue", unknown: &unknown)
        #expect(text == "This is `serial-queue`; [`readers-writer-barrier`](x.md).")
    }

    @Test func theGeneratorRefusesAnUnknownID() async throws {
        let recipe = try #require(Catalog.recipe("serial-queue"))
        let typo = Recipe(
            id: recipe.id, title: recipe.title, chapter: recipe.chapter, sources: recipe.sources, file: recipe.file,
            apis: recipe.apis, prose: RecipeProse(problem: "Unlike `serial-queu`, this …"), scenarios: [])
        await #expect(throws: GuideGenerator.UnknownRecipeIDs.self) {
            _ = try await GuideGenerator.files(recipes: [typo])
        }
    }
}
