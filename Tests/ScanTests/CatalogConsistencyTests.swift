import Catalog
import Foundation
import RecipeKit
import ScanKit
import Testing

/// The scan patterns live with the recipes; these tests keep them in step with the code and the
/// guide's "Find your code" index.
@Suite struct CatalogConsistencyTests {
    @Test func everyRecipeDeclaresTheShapesItReplaces() {
        for recipe in Catalog.recipes {
            #expect(!recipe.replaces.isEmpty, "\(recipe.id) declares no code shapes")
            for shape in recipe.replaces {
                #expect(!(shape.swift + shape.objc).isEmpty, "\(recipe.id): \(shape.api) has no pattern")
            }
        }
    }

    /// A shape's `home` is the recipe a finding names first, however the other recipes that
    /// replace the shape list it; a home that no recipe claiming the shape has would do nothing.
    @Test func everyShapesHomeClaimsItAndComesFirst() throws {
        let shapes = Set(Catalog.recipes.flatMap(\.replaces)).filter { $0.home != nil }
        #expect(shapes.count >= 7)
        for shape in shapes {
            let home = try #require(shape.home)
            let claimants = Catalog.recipes.filter { $0.replaces.contains(shape) }.map(\.id)
            #expect(claimants.contains(home), "\(shape.api): its home \(home) doesn't replace it")
            let api = try #require(ScanFixtures.table.apis.first { $0.name == shape.api })
            #expect(api.recipes.first == home, "\(shape.api) names \(api.recipes.first ?? "nothing") first")
        }
    }

    @Test(arguments: Catalog.recipes.map(\.id))
    func scanningALegacyFileNamesItsOwnRecipe(_ id: String) throws {
        let recipe = try #require(Catalog.recipe(id))
        let path = ScanFixtures.packageRoot.appendingPathComponent(recipe.legacyPath).path
        let result = try ScanFixtures.scanner.scan(paths: [path])
        #expect(result.filesScanned == 1)
        #expect(
            result.findings.contains { $0.recipes.contains(id) },
            "no finding in \(recipe.legacyPath) names \(id); found \(Set(result.findings.map(\.api)))")
    }

    @Test func scanningSourcesLegacyMapsEveryFileToItsRecipe() throws {
        let folders = ["Sources/Legacy", "Sources/LegacyApp"].map {
            ScanFixtures.packageRoot.appendingPathComponent($0).path
        }
        let result = try ScanFixtures.scanner.scan(paths: folders)
        for recipe in Catalog.recipes {
            let path = ScanFixtures.packageRoot.appendingPathComponent(recipe.legacyPath).path
            #expect(result.findings.contains { $0.path == path && $0.recipes.contains(recipe.id) }, "\(recipe.id)")
        }
    }

    /// Every legacy spelling of the index: the half-migrated rows index modern code, which
    /// `scan` does not look for.
    @Test func everyFindYourCodeSpellingIsMatched() {
        #expect(!FindYourCode.legacyEntries.isEmpty)
        for entry in FindYourCode.legacyEntries {
            for spelling in entry.spellings {
                #expect(!Self.findings(for: spelling, in: entry).isEmpty, "no pattern matches `\(spelling)`")
            }
        }
    }

    @Test func bareMembersOfAnIndexRowAreReadOnTheRowsType() {
        let row = APIIndexEntry(
            ["DispatchGroup", "enter()", "leave()", "notify(queue:)", "wait(timeout:)", "dispatch_group_enter"],
            uses: [])
        for spelling in row.spellings {
            #expect(!Self.findings(for: spelling, in: row).isEmpty, "`\(spelling)`")
        }
        let lock = APIIndexEntry(["NSLock", ".lock()", "unlock()"], uses: [])
        #expect(Self.findings(for: "unlock()", in: lock).map(\.api) == ["NSLock.lock"])
        #expect(Self.findings(for: ".lock()", in: lock).map(\.api) == ["NSLock.lock"])
    }

    /// The legacy APIs of the guide's API index, as they are spelled in code.
    static let indexSpellings = [
        "DispatchQueue.main.async", "dispatch_async", "DispatchQueue.sync", "dispatch_sync", "DispatchQueue.main",
        "dispatch_get_main_queue", "DispatchQueue.global(qos: .utility)", "dispatch_get_global_queue",
        "DISPATCH_QUEUE_PRIORITY_HIGH", "QOS_CLASS_UTILITY", "DispatchQueue(label:)", "dispatch_queue_create",
        "DispatchQueue(label:attributes: .concurrent)", "DISPATCH_QUEUE_CONCURRENT", "asyncAfter(deadline:)",
        "dispatch_after", "dispatch_time", "async(flags: .barrier)", "dispatch_barrier_async", "DispatchGroup",
        "DispatchGroup.enter()", "dispatch_group_enter", "async(group:)", "dispatch_group_async",
        "DispatchGroup.notify(queue:)", "DispatchGroup.wait(timeout:)", "concurrentPerform", "dispatch_apply",
        "DispatchWorkItem", "dispatch_block_create", "dispatch_block_cancel", "DispatchSemaphore",
        "dispatch_semaphore_wait", "DispatchSource.makeTimerSource", "DISPATCH_SOURCE_TYPE_TIMER",
        "dispatch_source_set_timer", "DispatchSource.makeReadSource", "DISPATCH_SOURCE_TYPE_READ",
        "makeProcessSource", "DISPATCH_SOURCE_TYPE_PROC", "makeFileSystemObjectSource", "DISPATCH_SOURCE_TYPE_VNODE",
        "DispatchSource.makeSignalSource", "setEventHandler", "DispatchIO", "dispatch_io_read", "dispatch_once",
        "dispatch_async_f", "dispatchPrecondition(condition: .onQueue(.main))", "OperationQueue", "addOperation",
        "BlockOperation", "NSBlockOperation", "Operation", "addDependency", "maxConcurrentOperationCount",
        "cancelAllOperations", "waitUntilAllOperationsAreFinished", "OperationQueue.main", "Thread.detachNewThread",
        "detachNewThreadSelector:toTarget:withObject:", "performSelectorInBackground:withObject:",
        "performSelectorOnMainThread:withObject:waitUntilDone:", "performSelector(onMainThread:with:waitUntilDone:)",
        "Thread.sleep(forTimeInterval:)", "Thread.current.threadDictionary", "Thread.exit()", "Thread.isMainThread",
        "pthread_create", "pthread_join", "pthread_detach", "pthread_key_create", "pthread_mutex_lock",
        "pthread_rwlock_rdlock", "NSLock", "NSRecursiveLock", "NSCondition", "NSConditionLock", "os_unfair_lock_lock",
        "OSAllocatedUnfairLock", "@synchronized", "objc_sync_enter", "OSAtomicIncrement32", "OSMemoryBarrier",
        "Timer.scheduledTimer", "scheduledTimerWithTimeInterval:target:selector:userInfo:repeats:", "Timer",
        "NSTimer", "RunLoop.current.run()", "CFRunLoopRun", "RunLoop.main.add(_:forMode:)", "CADisplayLink",
        "NotificationCenter.default.addObserver", "addObserver(forName:object:queue:using:)",
        "DispatchSpecificKey", "setSpecific(key:value:)", "observe(\\.fractionCompleted)",
        "dispatch_block_perform", "dispatch_source_get_data", "dispatch_io_create", "Thread.detachNewThread",
        "performSelector:withObject:afterDelay:", "cancelPreviousPerformRequestsWithTarget:",
        "NSObject.cancelPreviousPerformRequests(withTarget: self)", "CFRunLoopTimerCreateWithHandler",
        "Timer(fireAt: date, interval: 1, target: self, selector: #selector(tick), userInfo: nil, repeats: true)",
        "timer.fireDate", "UIApplication.shared.beginBackgroundTask(expirationHandler:)",
        "beginBackgroundTaskWithExpirationHandler:",
        "ProcessInfo.processInfo.performExpiringActivity(withReason:using:)",
        "FSEventStreamCreate", "RunLoop.main.add(timer, forMode: .common)", "NSRunLoopCommonModes",
    ]

    @Test(arguments: indexSpellings)
    func everyAPIIndexSpellingIsMatched(_ spelling: String) {
        #expect(!Self.findings(for: spelling).isEmpty, "no pattern matches `\(spelling)`")
    }

    /// Scans a spelling of an index row. A bare member after the row's type (`enter()` in the
    /// `DispatchGroup` row) is ambiguous on its own, so it is read on that type, as the row means it.
    static func findings(for spelling: String, in entry: APIIndexEntry) -> [Finding] {
        var found = findings(for: spelling)
        if found.isEmpty {
            // A blocking call means concurrency only where blocking matters: in `async` code, or a
            // block on a queue (a plain read on a thread of the caller's is not a finding).
            found = findings(for: spelling, inBlockingContext: true)
        }
        guard found.isEmpty, let type = entry.spellings.first, type != spelling, type.first?.isUppercase == true,
            let first = spelling.first, first.isLowercase || first == "."
        else { return found }
        let member = spelling.hasPrefix(".") ? String(spelling.dropFirst()) : spelling
        return findings(for: "\(type.prefix { $0.isLetter || $0 == "." }).\(member)")
    }

    /// Scans a spelling as a one-line source: Objective-C for C and Objective-C spellings, else Swift.
    /// A member call with parentheses is Swift whatever its prefix
    /// (`NSObject.cancelPreviousPerformRequests(withTarget:)`).
    static func findings(for spelling: String, inBlockingContext: Bool = false) -> [Finding] {
        let objcPrefixes = ["dispatch_", "DISPATCH_", "QOS_", "NS", "@", "pthread_", "OS", "os_", "objc_", "CF"]
        let selector = spelling.contains(":") && !spelling.contains("(")
        let swiftMemberCall = spelling.contains(".") && spelling.contains("(")
        let objc = selector || (!swiftMemberCall && objcPrefixes.contains { spelling.hasPrefix($0) })
        if objc, selector, !inBlockingContext {
            // A selector as the index spells it: read it as a message send.
            return ScanFixtures.scan("[object \(spelling.replacingOccurrences(of: ":", with: ": x "))];", .objc)
        }
        guard inBlockingContext else { return ScanFixtures.scan(spelling, objc ? .objc : .swift) }
        let call = selector ? "[object \(spelling.replacingOccurrences(of: ":", with: ": x "))];" : spelling
        let source =
            objc
            ? "dispatch_async(queue, ^{\n    \(call)\n});" : "func load() async {\n    _ = \(spelling)\n}"
        return ScanFixtures.scan(source, objc ? .objc : .swift).filter { $0.line == 2 }
    }
}
