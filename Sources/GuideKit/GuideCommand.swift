import Foundation
import RecipeKit

/// `swift run guide [--check] [--output DIR] [--docc DIR]`: writes `Guide/`, the documentation
/// target's DocC catalog, the agent skill (`skills/`) and the manifests that install it as a plugin
/// (`PluginManifests`), or checks that all of them are current.
public enum GuideCommand {
    public static func run(arguments: [String]) async -> Int32 {
        var out = FileDescriptorStream.standardOutput
        let err = FileDescriptorStream.standardError
        var check = false
        var output = false
        var docc: URL?
        var directory = SourceFile.packageRoot.appendingPathComponent("Guide")
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--check": check = true
            case "--output":
                guard let path = remaining.popFirst() else {
                    err.write("guide: --output takes a directory\n")
                    return 64
                }
                directory = URL(fileURLWithPath: path)
                output = true
            case "--docc":
                guard let path = remaining.popFirst() else {
                    err.write("guide: --docc takes a directory\n")
                    return 64
                }
                docc = URL(fileURLWithPath: path)
            case "-h", "--help":
                print(
                    """
                    guide: write Guide/ from the catalog, the recipe sources and real runs of both sides.

                    USAGE
                      swift run guide             regenerate Guide/, the documentation target's DocC
                                                  catalog (\(DocCCatalog.committedPath)), the agent
                                                  skill (\(SkillFile.folder)/\(SkillFile.path)) and the
                                                  manifests that install it (\(PluginManifests.plugin),
                                                  \(PluginManifests.marketplace), \(PluginManifests.geminiExtension))
                      swift run guide --check     exit 1, naming the stale files, if any is out of date
                      swift run guide --output D  write (or check) D instead of Guide/, and no catalog, skill
                                                  or manifests
                      swift run guide --docc D    write the guide as a DocC catalog, D/\(DocCCatalog.name).docc
                                                  (Scripts/build-site.sh turns it into a static site)
                    """, to: &out)
                return 0
            default:
                err.write("guide: unknown argument '\(argument)'; see --help\n")
                return 64
            }
        }
        let files: [String: String]
        do {
            files = try await GuideGenerator.files()
        } catch {
            err.write("guide: \(error)\n")
            return 1
        }
        if let docc {
            let catalog = docc.appendingPathComponent("\(DocCCatalog.name).docc")
            do {
                try? FileManager.default.removeItem(at: catalog)
                let pages = DocCCatalog.files(from: files)
                for (path, text) in pages {
                    let url = catalog.appendingPathComponent(path)
                    try FileManager.default.createDirectory(
                        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                    try text.write(to: url, atomically: true, encoding: .utf8)
                }
                print("guide: wrote \(pages.count) files in \(catalog.path)", to: &out)
                return 0
            } catch {
                err.write("guide: \(error)\n")
                return 1
            }
        }
        // Guide/ and, beside it, the DocC catalog the documentation target carries for the Swift
        // Package Index (which builds a target's catalog and can't run `guide` first).
        var trees = [Tree(name: "Guide/", directory: directory, files: files)]
        if !output {
            trees.append(
                Tree(
                    name: DocCCatalog.committedPath + "/", directory: DocCCatalog.committed,
                    files: DocCCatalog.files(from: files)))
            trees.append(
                Tree(
                    name: SkillFile.folder + "/",
                    directory: SourceFile.packageRoot.appendingPathComponent(SkillFile.folder),
                    files: [SkillFile.path: SkillFile().markdown]))
            // The manifests sit among the package's own files: only they are compared, and nothing
            // else there is "no longer generated".
            trees.append(
                Tree(
                    name: "the plugin manifests", prefix: "", directory: SourceFile.packageRoot,
                    files: PluginManifests().files, ownsDirectory: false))
        }
        if check {
            var stale: [String] = []
            for tree in trees {
                let existing = tree.existingFiles()
                for (path, text) in tree.files.sorted(by: { $0.key < $1.key }) where existing[path] != text {
                    stale.append(tree.prefix + path + (existing[path] == nil ? " (missing)" : " (differs)"))
                }
                for path in existing.keys.sorted() where tree.files[path] == nil {
                    stale.append(tree.prefix + path + " (no longer generated)")
                }
            }
            let names = trees.map(\.name).joined(separator: " and ")
            if stale.isEmpty {
                let counts = trees.map { "\($0.files.count)" }.joined(separator: " + ")
                print("guide: \(names) up to date (\(counts) files)", to: &out)
                return 0
            }
            err.write("guide: \(names) stale; run 'swift run guide' and commit the result:\n")
            for path in stale { err.write("  \(path)\n") }
            return 1
        }
        do {
            for tree in trees {
                let existing = tree.existingFiles()
                for path in existing.keys where tree.files[path] == nil {
                    try FileManager.default.removeItem(at: tree.directory.appendingPathComponent(path))
                }
                var written = 0
                for (path, text) in tree.files where existing[path] != text {
                    let url = tree.directory.appendingPathComponent(path)
                    try FileManager.default.createDirectory(
                        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                    try text.write(to: url, atomically: true, encoding: .utf8)
                    written += 1
                }
                print("guide: wrote \(written) of \(tree.files.count) files in \(tree.directory.path)", to: &out)
            }
            return 0
        } catch {
            err.write("guide: \(error)\n")
            return 1
        }
    }

    /// Files `guide` writes, and where. A tree that owns its directory holds nothing else: a file
    /// there that is no longer generated is stale, and `guide` removes it. One that doesn't (the
    /// plugin manifests, at the package root) compares and writes only its own files.
    struct Tree {
        /// How messages name the tree.
        var name: String
        /// What the list of stale files puts before each path.
        var prefix: String
        var directory: URL
        /// The text of each file, by path below `directory`.
        var files: [String: String]
        var ownsDirectory: Bool

        init(
            name: String, prefix: String? = nil, directory: URL, files: [String: String],
            ownsDirectory: Bool = true
        ) {
            self.name = name
            self.prefix = prefix ?? name
            self.directory = directory
            self.files = files
            self.ownsDirectory = ownsDirectory
        }

        /// What is on disk now: every page, chart and setting below the directory if the tree owns
        /// it, else the tree's own files that exist.
        func existingFiles() -> [String: String] {
            guard !ownsDirectory else { return GuideCommand.existingFiles(in: directory) }
            var found: [String: String] = [:]
            for path in files.keys {
                found[path] = try? String(contentsOf: directory.appendingPathComponent(path), encoding: .utf8)
            }
            return found
        }
    }

    /// The Markdown pages, SVG charts and JSON settings below a directory, by relative path.
    static func existingFiles(in directory: URL) -> [String: String] {
        guard let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil) else {
            return [:]
        }
        var files: [String: String] = [:]
        let base = directory.standardizedFileURL.path + "/"
        for case let url as URL in enumerator where ["md", "svg", "json"].contains(url.pathExtension) {
            let path = url.standardizedFileURL.path
            guard path.hasPrefix(base) else { continue }
            files[String(path.dropFirst(base.count))] = try? String(contentsOf: url, encoding: .utf8)
        }
        return files
    }
}
