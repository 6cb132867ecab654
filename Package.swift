// swift-tools-version: 6.2
import PackageDescription

/// Every target compiles in the Swift 6 language mode (set once, for the package).
///
/// The Modern target also enables `NonisolatedNonsendingByDefault`, the setting new Xcode projects
/// turn on: a plain `nonisolated async` function then runs on its caller's actor, so Modern code
/// must say `@concurrent` where CPU work has to leave the caller. Writing it that way makes the
/// recipes behave the same in apps with and without the setting.
let package = Package(
    name: "ConcurrencyMigration",
    platforms: [.macOS(.v26), .iOS(.v26)],
    products: [
        .executable(name: "compare", targets: ["compare"]),
        .executable(name: "guide", targets: ["guide"]),
        .executable(name: "scan", targets: ["scan"]),
        .executable(name: "bench", targets: ["bench"]),
    ],
    targets: [
        // Shared vocabulary: recorder, pace, seeded PRNG, fakes, parity rules. No recipe logic.
        .target(name: "RecipeKit"),
        // The recipes written with Dispatch, OperationQueue, Thread, locks and Timer.
        .target(name: "Legacy"),
        // The same recipes written with async/await, actors, task groups, AsyncStream and clocks.
        .target(
            name: "Modern",
            swiftSettings: [.enableUpcomingFeature("NonisolatedNonsendingByDefault")]
        ),
        // One entry per recipe: metadata, how to run each side, the parity rule, the page prose.
        .target(name: "Catalog", dependencies: ["RecipeKit", "Legacy", "Modern"]),
        // `compare`: runs both sides, checks parity, measures, prints for a terminal or as JSON.
        .target(name: "CompareKit", dependencies: ["Catalog", "RecipeKit"]),
        .executableTarget(name: "compare", dependencies: ["CompareKit"]),
        // `guide`: writes Guide/ from the catalog and the recipe sources.
        .target(name: "GuideKit", dependencies: ["BenchKit", "Catalog", "RecipeKit"]),
        .executableTarget(name: "guide", dependencies: ["GuideKit"]),
        // `scan`: finds the legacy concurrency calls in an app and names the recipe for each.
        .target(name: "ScanKit", dependencies: ["Catalog", "RecipeKit"]),
        .executableTarget(name: "scan", dependencies: ["ScanKit"]),
        // `bench`: what each legacy primitive and its modern counterpart cost, side by side.
        .target(name: "BenchKit", dependencies: ["Legacy", "Modern", "RecipeKit"]),
        .executableTarget(name: "bench", dependencies: ["BenchKit"]),

        .testTarget(name: "RecipeKitTests", dependencies: ["RecipeKit"]),
        // Behaviour of each recipe's two halves, including the declared differences.
        .testTarget(name: "RecipeTests", dependencies: ["Legacy", "Modern", "RecipeKit"]),
        // Parity over the whole catalog, the CLI, guide freshness and the source lint.
        .testTarget(
            name: "CatalogTests",
            dependencies: ["BenchKit", "Catalog", "CompareKit", "GuideKit", "RecipeKit", "compare", "guide"]
        ),
        // The scanner on fixture apps, on Sources/Legacy and the guide's index; the CLI; bad input.
        .testTarget(
            name: "ScanTests",
            dependencies: ["Catalog", "RecipeKit", "ScanKit", "scan"],
            exclude: ["Fixtures"]
        ),
        // The bench at tiny sizes: the results schema, the recipe ids it names, the CLI.
        .testTarget(name: "BenchTests", dependencies: ["BenchKit", "Catalog", "RecipeKit", "bench"]),
    ],
    swiftLanguageModes: [.v6]
)
