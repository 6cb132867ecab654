// swift-tools-version: 6.2
import PackageDescription

/// Every target compiles in the Swift 6 language mode (set once, for the package), with every
/// warning an error.
///
/// Warnings are errors through the manifest, not `-Xswiftc -warnings-as-errors`, so `swift build`,
/// `swift run compare …` and `./test.sh` use the same compiler flags and share one build.
///
/// The Modern target also enables `NonisolatedNonsendingByDefault`, the setting new Xcode projects
/// turn on: a plain `nonisolated async` function then runs on its caller's actor, so Modern code
/// must say `@concurrent` where CPU work has to leave the caller. Writing it that way makes the
/// recipes behave the same in apps with and without the setting.
let strict: [SwiftSetting] = [.treatAllWarnings(as: .error)]

let package = Package(
    name: "ConcurrencyMigration",
    platforms: [.macOS(.v26), .iOS(.v26)],
    products: [
        .executable(name: "compare", targets: ["compare"]),
        .executable(name: "guide", targets: ["guide"]),
        .executable(name: "scan", targets: ["scan"]),
        .executable(name: "bench", targets: ["bench"]),
        .plugin(name: "ScanConcurrency", targets: ["ScanConcurrency"]),
    ],
    targets: [
        // Shared vocabulary: recorder, pace, seeded PRNG, fakes, parity rules. No recipe logic.
        .target(name: "RecipeKit", swiftSettings: strict),
        // A fake SDK (`delegate-conformance-isolation`): a delegate protocol called on the SDK's own
        // queue, in a module of its own compiled in the Swift 5 mode as a framework an app imports is.
        // Its protocol must come from another module with no default isolation: declared in the app
        // module it would need `nonisolated`, which changes how conforming types infer isolation.
        .target(name: "TransferKit", swiftSettings: strict + [.swiftLanguageMode(.v5)]),
        // A fake C library (`c-callback-stream`): a device that calls a C function pointer back
        // many times, with a `void *context`, from a thread of its own.
        .target(name: "CDeviceSim", cSettings: [.treatAllWarnings(as: .error)]),
        // The recipes written with Dispatch, OperationQueue, Thread, locks and Timer.
        .target(name: "Legacy", dependencies: ["CDeviceSim"], swiftSettings: strict),
        // Legacy code as an Xcode 26 app target compiles it: default `MainActor` isolation and the
        // approachable-concurrency features, so every type, function and closure here is main-actor
        // code unless it says otherwise. Recipes whose legacy side is about that setting live here.
        .target(
            name: "LegacyApp",
            dependencies: ["TransferKit"],
            swiftSettings: strict + [
                .defaultIsolation(MainActor.self),
                .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
                .enableUpcomingFeature("InferIsolatedConformances"),
            ]
        ),
        // The same recipes written with async/await, actors, task groups, AsyncStream and clocks.
        .target(
            name: "Modern",
            dependencies: ["TransferKit", "CDeviceSim"],
            swiftSettings: strict + [.enableUpcomingFeature("NonisolatedNonsendingByDefault")]
        ),
        // One entry per recipe: metadata, how to run each side, the parity rule, the page prose.
        // The page prose lives in Markdown articles beside it (`Articles/<Chapter>/<id>.md`).
        .target(
            name: "Catalog", dependencies: ["RecipeKit", "Legacy", "LegacyApp", "Modern"], resources: [.copy("Articles")],
            swiftSettings: strict),
        // `compare`: runs both sides, checks parity, measures, prints for a terminal or as JSON.
        .target(name: "CompareKit", dependencies: ["Catalog", "RecipeKit"], swiftSettings: strict),
        .executableTarget(name: "compare", dependencies: ["CompareKit"], swiftSettings: strict),
        // `guide`: writes Guide/ from the catalog and the recipe sources.
        .target(name: "GuideKit", dependencies: ["BenchKit", "Catalog", "RecipeKit"], swiftSettings: strict),
        .executableTarget(name: "guide", dependencies: ["GuideKit"], swiftSettings: strict),
        // `scan`: finds the legacy concurrency calls in an app and names the recipe for each.
        .target(name: "ScanKit", dependencies: ["Catalog", "RecipeKit"], swiftSettings: strict),
        .executableTarget(name: "scan", dependencies: ["ScanKit"], swiftSettings: strict),
        // `swift package scan-concurrency`: `scan` over the source targets of a package that
        // depends on this one.
        .plugin(
            name: "ScanConcurrency",
            capability: .command(
                intent: .custom(
                    verb: "scan-concurrency",
                    description: "Finds legacy concurrency code (Dispatch, operations, threads, locks) and names the recipe that replaces it"
                )
            ),
            dependencies: ["scan"]
        ),
        // `bench`: what each legacy primitive and its modern counterpart cost, side by side.
        .target(name: "BenchKit", dependencies: ["Legacy", "Modern", "RecipeKit"], swiftSettings: strict),
        .executableTarget(name: "bench", dependencies: ["BenchKit"], swiftSettings: strict),
        // The guide as a DocC catalog for the Swift Package Index (`.spi.yml`); `guide` writes it.
        .target(name: "ConcurrencyMigration", swiftSettings: strict),

        .testTarget(name: "RecipeKitTests", dependencies: ["RecipeKit"], swiftSettings: strict),
        // Behaviour of each recipe's two halves, including the declared differences.
        .testTarget(name: "RecipeTests", dependencies: ["Legacy", "LegacyApp", "Modern", "RecipeKit", "TransferKit", "CDeviceSim"], swiftSettings: strict),
        // Parity over the whole catalog, the CLI, guide freshness and the source lint.
        .testTarget(
            name: "CatalogTests",
            dependencies: ["BenchKit", "Catalog", "CompareKit", "GuideKit", "RecipeKit", "compare", "guide"],
            swiftSettings: strict
        ),
        // The scanner on fixture apps, on Sources/Legacy and the guide's index; the CLI; bad input.
        .testTarget(
            name: "ScanTests",
            dependencies: ["Catalog", "RecipeKit", "ScanKit", "scan"],
            exclude: ["Fixtures", "Corpus"],
            swiftSettings: strict
        ),
        // The bench at tiny sizes: the results schema, the recipe ids it names, the CLI.
        .testTarget(name: "BenchTests", dependencies: ["BenchKit", "Catalog", "RecipeKit", "bench"], swiftSettings: strict),
    ],
    swiftLanguageModes: [.v6]
)

// The Swift Package Index builds the documentation target's catalog with swift-docc-plugin and
// sets SPI_GENERATE_DOCS while it does; every other build stays free of dependencies.
if Context.environment["SPI_GENERATE_DOCS"] != nil {
    package.dependencies.append(.package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"))
}
