import RecipeKit

extension GuideNote {
    static let multiprocessingServices = GuideNote(
        id: "multiprocessing-services",
        title: "Multiprocessing Services",
        chapter: .threads,
        sources: [
            "*Threading Programming Guide*, \"Thread Management\" › \"Creating a Thread\" › \"Using Other Threading Technologies\"",
            "The Read-And-Learn wiki page \"iOS并发编程\", its list of three thread technologies (Cocoa threads, POSIX threads, Multiprocessing Services)",
        ],
        apis: [
            APIMapping("`MPCreateTask`, `MPCreateQueue`", "POSIX threads, then tasks")
        ],
        prose: Articles.note("multiprocessing-services")
    )
}
