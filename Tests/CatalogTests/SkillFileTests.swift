import Catalog
import Foundation
import Testing

@testable import GuideKit

/// The agent skill `guide` writes: loadable, and naming only recipes that exist.
@Suite struct SkillFileTests {
    static let text = SkillFile().markdown

    @Test func itOpensWithTheFrontMatterAgentsRead() throws {
        let lines = Self.text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first == "---")
        let end = try #require(lines.dropFirst().firstIndex(of: "---"))
        let header = lines[1..<end]
        #expect(header.contains("name: swift-concurrency-migration"))
        #expect(header.contains { $0.hasPrefix("description:") })
        #expect(header.count > 3, "a description that says when to use it")
    }

    @Test func everyIDItNamesIsARecipeOrANote() {
        let ids = Set(Catalog.recipes.map(\.id) + Catalog.notes.map(\.id))
        let named = Self.text.matches(of: #/`([a-z0-9]+(?:-[a-z0-9]+)+)`/#).map { String($0.output.1) }
        #expect(named.count > Catalog.recipes.count)
        for id in named { #expect(ids.contains(id), "SKILL.md names `\(id)`, which is neither a recipe nor a note") }
        let listed = Self.text.split(separator: "\n").compactMap { line in
            line.wholeMatch(of: #/- `([a-z0-9-]+)`.*/#).map { String($0.output.1) }
        }
        for id in listed { #expect(ids.contains(id), "SKILL.md lists `\(id)`, which is neither a recipe nor a note") }
        #expect(Set(listed) == ids, "SKILL.md's list and the catalog differ")
    }
}

/// The manifests that install the skill as a plugin (Claude Code and GitHub Copilot CLI read
/// `.claude-plugin/`) or as an extension (Gemini CLI reads `gemini-extension.json`), checked as
/// committed against the fields their documentation lists, and against the skill they install.
///
/// The documented rules checked: Claude Code's plugin manifest and marketplace references and
/// Copilot CLI's plugin reference (`name` required, kebab-case, at most 64 characters;
/// `description` at most 1,024; `version` semantic; `author` an object with a `name`; a
/// marketplace's `name`, `owner` with its `name`, and `plugins` required, each entry with a
/// `name` and a `source`, a relative one starting `./` and resolved from the marketplace's root),
/// Gemini CLI's extension reference (`name` in lowercase letters, digits and dashes, and
/// `version`; skills in the extension's `skills/`), and the Agent Skills format for the skill's own
/// front matter (`name` as its folder's, `description` of 1 to 1,024 characters, `metadata` of
/// strings).
@Suite struct PluginManifestTests {
    static let root = GuideGenerator.packageRoot
    static let manifestPaths = [
        PluginManifests.plugin, PluginManifests.marketplace, PluginManifests.geminiExtension,
    ]

    /// What the manifests must agree with, read from the skill's front matter.
    struct Skill {
        var name: String
        var description: String
        var version: String
    }

    /// The committed skill's name, description (its folded lines joined by spaces, as YAML's `>-`
    /// reads them) and `metadata.version`.
    static func committedSkill() throws -> Skill {
        let url = root.appendingPathComponent(SkillFile.folder).appendingPathComponent(SkillFile.path)
        let lines = try String(contentsOf: url, encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "---")
        let end = try #require(lines.dropFirst().firstIndex(of: "---"), "SKILL.md's front matter has no end")
        let header = Array(lines[1..<end])
        /// The indented lines below a top-level key, trimmed.
        func nested(under key: String) -> [String] {
            guard let start = header.firstIndex(where: { $0.hasPrefix(key + ":") }) else { return [] }
            return header[(start + 1)...].prefix { $0.hasPrefix("  ") }
                .map { $0.trimmingCharacters(in: .whitespaces) }
        }
        let nameLine = try #require(header.first { $0.hasPrefix("name: ") }, "SKILL.md has no name")
        #expect(header.contains("description: >-"), "the description is a folded block")
        let versionLine = try #require(
            nested(under: "metadata").first { $0.hasPrefix("version: ") }, "SKILL.md has no metadata.version")
        return Skill(
            name: String(nameLine.dropFirst("name: ".count)),
            description: nested(under: "description").joined(separator: " "),
            version: versionLine.dropFirst("version: ".count).trimmingCharacters(in: CharacterSet(charactersIn: "\"")))
    }

    /// The committed manifests, parsed as JSON objects, by path below the package root.
    static func committedManifests() throws -> [String: [String: Any]] {
        var manifests: [String: [String: Any]] = [:]
        for path in manifestPaths {
            let data = try Data(contentsOf: root.appendingPathComponent(path))
            let json = try JSONSerialization.jsonObject(with: data)
            manifests[path] = try #require(json as? [String: Any], "\(path) is not a JSON object")
        }
        return manifests
    }

    @Test func theCommittedManifestsAreWhatGuideWrites() {
        for (path, text) in PluginManifests().files {
            let committed = try? String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
            #expect(committed == text, "\(path) is stale: run `swift run guide` and commit the result")
        }
        #expect(Set(PluginManifests().files.keys) == Set(Self.manifestPaths))
    }

    @Test func theSkillFollowsTheAgentSkillsFormat() throws {
        let skill = try Self.committedSkill()
        #expect(Self.problems(in: skill) == [])
        #expect(skill.name == SkillFile.name && skill.version == SkillFile.version)
        #expect(skill.description == SkillFile.description)
    }

    @Test func theManifestsFollowTheirSchemasAndTheSkill() throws {
        let problems = try Self.problems(in: Self.committedManifests(), skill: Self.committedSkill())
        #expect(problems == [], "\(problems.joined(separator: "\n"))")
    }

    /// The checks fail where they should: on broken copies of the committed manifests, each broken
    /// in one way, and on a skill that breaks the format.
    @Test func theChecksFindWhatIsBroken() throws {
        let skill = try Self.committedSkill()
        let good = try Self.committedManifests()
        /// `good` with one manifest changed.
        func broken(_ path: String, _ change: (inout [String: Any]) -> Void) -> [String: [String: Any]] {
            var manifests = good
            var manifest = manifests[path] ?? [:]
            change(&manifest)
            manifests[path] = manifest
            return manifests
        }
        /// `good` with the marketplace's first plugin entry changed.
        func brokenEntry(_ change: @escaping (inout [String: Any]) -> Void) -> [String: [String: Any]] {
            broken(PluginManifests.marketplace) { marketplace in
                var entries = marketplace["plugins"] as? [[String: Any]] ?? []
                if !entries.isEmpty { change(&entries[0]) }
                marketplace["plugins"] = entries
            }
        }
        let plugin = PluginManifests.plugin
        let marketplace = PluginManifests.marketplace
        let gemini = PluginManifests.geminiExtension
        let cases: [(expected: String, manifests: [String: [String: Any]])] = [
            ("\(plugin): name is missing", broken(plugin) { $0["name"] = nil }),
            (
                "\(plugin): name 'Swift Concurrency' is not kebab-case",
                broken(plugin) { $0["name"] = "Swift Concurrency" }
            ),
            ("\(plugin): version is not a string", broken(plugin) { $0["version"] = 2 }),
            ("\(plugin): version '1.0' is not a semantic version", broken(plugin) { $0["version"] = "1.0" }),
            ("\(plugin): version '9.9.9' is not the skill's", broken(plugin) { $0["version"] = "9.9.9" }),
            ("\(plugin): description is not the skill's", broken(plugin) { $0["description"] = "Migrates code." }),
            ("\(plugin): author is not an object", broken(plugin) { $0["author"] = "the maintainers" }),
            ("\(plugin): skills './skill-files' does not exist", broken(plugin) { $0["skills"] = "./skill-files" }),
            ("\(marketplace): owner is missing", broken(marketplace) { $0["owner"] = nil }),
            ("\(marketplace): owner.name is missing", broken(marketplace) { $0["owner"] = [String: Any]() }),
            ("\(marketplace): plugins is empty", broken(marketplace) { $0["plugins"] = [Any]() }),
            (
                "\(marketplace): name 'claude-plugins-official' is reserved",
                broken(marketplace) { $0["name"] = "claude-plugins-official" }
            ),
            (
                "\(marketplace): plugins[0].source 'skills' does not start with ./",
                brokenEntry { $0["source"] = "skills" }
            ),
            (
                "\(marketplace): plugins[0].source './../' leaves the repository",
                brokenEntry { $0["source"] = "./../" }
            ),
            (
                "\(marketplace): plugins[0].source './nowhere' does not exist",
                brokenEntry { $0["source"] = "./nowhere" }
            ),
            (
                "\(marketplace): plugins[0].source './Guide' has no .claude-plugin/plugin.json",
                brokenEntry { $0["source"] = "./Guide" }
            ),
            ("\(marketplace): no plugin is named '\(skill.name)'", brokenEntry { $0["name"] = "other-plugin" }),
            ("\(gemini): version is missing", broken(gemini) { $0["version"] = nil }),
            ("\(gemini): description is not the skill's", broken(gemini) { $0["description"] = "" }),
        ]
        #expect(Self.problems(in: good, skill: skill) == [])
        for (expected, manifests) in cases {
            let problems = Self.problems(in: manifests, skill: skill)
            #expect(problems.contains(expected), "expected '\(expected)', found \(problems)")
        }
        var missing = good
        missing[gemini] = nil
        #expect(Self.problems(in: missing, skill: skill).contains("\(gemini): is missing"))

        var long = skill
        long.description = String(repeating: "x", count: 1_025)
        #expect(Self.problems(in: long).contains("SKILL.md: description has 1025 characters (at most 1,024)"))
        var renamed = skill
        renamed.name = "swift--concurrency"
        #expect(Self.problems(in: renamed).contains("SKILL.md: name 'swift--concurrency' is not kebab-case"))
    }

    // MARK: - The checks

    /// Marketplace names the plugin references reserve for official marketplaces.
    static let reservedMarketplaceNames: Set<String> = [
        "claude-code-marketplace", "claude-code-plugins", "claude-plugins-official", "anthropic-marketplace",
        "anthropic-plugins", "agent-skills", "anthropic-agent-skills", "life-sciences",
    ]

    /// What is wrong with the skill's front matter, against the Agent Skills format.
    static func problems(in skill: Skill) -> [String] {
        var findings = Findings(file: "SKILL.md", root: root)
        findings.name(skill.name, field: "name")
        if skill.name != SkillFile.path.split(separator: "/").first.map(String.init) {
            findings.note("name '\(skill.name)' is not its folder's name")
        }
        if skill.description.isEmpty || skill.description.count > 1_024 {
            findings.note("description has \(skill.description.count) characters (at most 1,024)")
        }
        findings.semanticVersion(skill.version, field: "metadata.version")
        return findings.problems
    }

    /// What is wrong with the manifests, by the fields their documentation lists and the skill
    /// they install: one line per problem, naming the file and the field.
    static func problems(in manifests: [String: [String: Any]], skill: Skill) -> [String] {
        var problems: [String] = []

        var plugin = Findings(file: PluginManifests.plugin, root: root)
        if let json = plugin.manifest(in: manifests) {
            plugin.nameOfTheSkill(json, skill)
            plugin.versionOfTheSkill(json, skill, required: true)
            plugin.descriptionOfTheSkill(json, skill, required: true)
            if json["author"] != nil, let author = plugin.object("author", in: json) {
                _ = plugin.string("name", in: author, field: "author.name")
            }
            if json["keywords"] != nil { plugin.strings("keywords", in: json) }
            // Component paths, if the manifest names any, are relative to the plugin's root.
            for key in ["skills", "commands", "agents"] where json[key] != nil {
                for path in plugin.strings(key, in: json) {
                    _ = plugin.folder(path, field: key)
                }
            }
            // Without a `skills` path, agents read the plugin's `skills/` folder.
            plugin.exists("skills/\(skill.name)/SKILL.md", field: "the skills/ folder")
        }
        problems += plugin.problems

        var marketplace = Findings(file: PluginManifests.marketplace, root: root)
        if let json = marketplace.manifest(in: manifests) {
            if let name = marketplace.name("name", in: json), reservedMarketplaceNames.contains(name) {
                marketplace.note("name '\(name)' is reserved")
            }
            if let owner = marketplace.object("owner", in: json) {
                _ = marketplace.string("name", in: owner, field: "owner.name")
            }
            if json["metadata"] != nil, let metadata = marketplace.object("metadata", in: json) {
                marketplace.versionOfTheSkill(metadata, skill, required: false, field: "metadata.version")
                marketplace.descriptionOfTheSkill(metadata, skill, required: false, field: "metadata.description")
            }
            var names: [String] = []
            if let entries = marketplace.array("plugins", in: json) {
                if entries.isEmpty { marketplace.note("plugins is empty") }
                for (index, item) in entries.enumerated() {
                    let field = "plugins[\(index)]"
                    guard let entry = item as? [String: Any] else {
                        marketplace.note("\(field) is not an object")
                        continue
                    }
                    if let name = marketplace.name("name", in: entry, field: "\(field).name") {
                        names.append(name)
                    }
                    marketplace.versionOfTheSkill(entry, skill, required: false, field: "\(field).version")
                    marketplace.descriptionOfTheSkill(entry, skill, required: false, field: "\(field).description")
                    if entry["category"] != nil {
                        _ = marketplace.string("category", in: entry, field: "\(field).category")
                    }
                    guard let source = marketplace.string("source", in: entry, field: "\(field).source"),
                        let folder = marketplace.folder(source, field: "\(field).source")
                    else { continue }
                    let manifest = folder.appendingPathComponent(PluginManifests.plugin)
                    if !FileManager.default.fileExists(atPath: manifest.path) {
                        marketplace.note("\(field).source '\(source)' has no \(PluginManifests.plugin)")
                    } else if let data = try? Data(contentsOf: manifest),
                        let pluginJSON = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                        let pluginName = pluginJSON["name"] as? String, (entry["name"] as? String) != pluginName
                    {
                        marketplace.note("\(field).name is not its plugin.json's name '\(pluginName)'")
                    }
                }
            }
            if !names.contains(skill.name) { marketplace.note("no plugin is named '\(skill.name)'") }
        }
        problems += marketplace.problems

        var gemini = Findings(file: PluginManifests.geminiExtension, root: root)
        if let json = gemini.manifest(in: manifests) {
            gemini.nameOfTheSkill(json, skill)
            gemini.versionOfTheSkill(json, skill, required: true)
            gemini.descriptionOfTheSkill(json, skill, required: false)
            // An extension's skills are in its `skills/` folder; the manifest sits at its root.
            gemini.exists("skills/\(skill.name)/SKILL.md", field: "the skills/ folder")
        }
        problems += gemini.problems
        return problems
    }

    /// The problems found in one file, each naming the file and the field.
    struct Findings {
        let file: String
        let root: URL
        var problems: [String] = []

        mutating func note(_ problem: String) { problems.append("\(file): \(problem)") }

        /// The manifest at `file`, noting it if it is missing.
        mutating func manifest(in manifests: [String: [String: Any]]) -> [String: Any]? {
            guard let manifest = manifests[file] else {
                note("is missing")
                return nil
            }
            return manifest
        }

        /// The value at `key`, noting it if required and missing.
        mutating func value(_ key: String, in object: [String: Any], field: String, required: Bool) -> Any? {
            if object[key] == nil, required { note("\(field) is missing") }
            return object[key]
        }

        mutating func string(_ key: String, in object: [String: Any], field: String? = nil, required: Bool = true)
            -> String?
        {
            let field = field ?? key
            guard let value = self.value(key, in: object, field: field, required: required) else { return nil }
            guard let string = value as? String else {
                note("\(field) is not a string")
                return nil
            }
            if string.isEmpty, required { note("\(field) is empty") }
            return string
        }

        mutating func object(_ key: String, in object: [String: Any], field: String? = nil) -> [String: Any]? {
            let field = field ?? key
            guard let value = self.value(key, in: object, field: field, required: true) else { return nil }
            guard let nested = value as? [String: Any] else {
                note("\(field) is not an object")
                return nil
            }
            return nested
        }

        mutating func array(_ key: String, in object: [String: Any], field: String? = nil) -> [Any]? {
            let field = field ?? key
            guard let value = self.value(key, in: object, field: field, required: true) else { return nil }
            guard let items = value as? [Any] else {
                note("\(field) is not an array")
                return nil
            }
            return items
        }

        /// A string or an array of strings (keywords, component paths), noting anything else.
        @discardableResult
        mutating func strings(_ key: String, in object: [String: Any]) -> [String] {
            if let string = object[key] as? String { return [string] }
            guard let items = object[key] as? [Any], let strings = items as? [String] else {
                note("\(key) is not a string or an array of strings")
                return []
            }
            return strings
        }

        /// Checks a name against the documented pattern: lowercase letters and digits in words
        /// joined by single hyphens, at most 64 characters.
        mutating func name(_ name: String, field: String) {
            if name.wholeMatch(of: #/[a-z0-9]+(?:-[a-z0-9]+)*/#) == nil {
                note("\(field) '\(name)' is not kebab-case")
            } else if name.count > 64 {
                note("\(field) '\(name)' is longer than 64 characters")
            }
        }

        mutating func name(_ key: String, in object: [String: Any], field: String? = nil) -> String? {
            guard let name = string(key, in: object, field: field) else { return nil }
            self.name(name, field: field ?? key)
            return name
        }

        mutating func nameOfTheSkill(_ object: [String: Any], _ skill: Skill) {
            if let name = self.name("name", in: object), name != skill.name {
                note("name '\(name)' is not the skill's ('\(skill.name)')")
            }
        }

        mutating func semanticVersion(_ version: String, field: String) {
            if version.wholeMatch(of: #/[0-9]+\.[0-9]+\.[0-9]+(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?/#) == nil {
                note("\(field) '\(version)' is not a semantic version")
            }
        }

        mutating func versionOfTheSkill(
            _ object: [String: Any], _ skill: Skill, required: Bool, field: String = "version"
        ) {
            guard let version = string("version", in: object, field: field, required: required) else { return }
            semanticVersion(version, field: field)
            if version != skill.version { note("\(field) '\(version)' is not the skill's") }
        }

        mutating func descriptionOfTheSkill(
            _ object: [String: Any], _ skill: Skill, required: Bool, field: String = "description"
        ) {
            guard let description = string("description", in: object, field: field, required: required) else {
                return
            }
            if description.count > 1_024 { note("\(field) is longer than 1,024 characters") }
            if description != skill.description { note("\(field) is not the skill's") }
        }

        /// The folder a relative path names, resolved from the package root (where the manifests'
        /// plugin and marketplace roots are): noted if it doesn't start with `./`, leaves the
        /// repository or isn't there.
        mutating func folder(_ path: String, field: String) -> URL? {
            guard path.hasPrefix("./") else {
                note("\(field) '\(path)' does not start with ./")
                return nil
            }
            let base = root.standardizedFileURL.path
            let url = root.appendingPathComponent(path).standardizedFileURL
            guard url.path == base || url.path.hasPrefix(base + "/") else {
                note("\(field) '\(path)' leaves the repository")
                return nil
            }
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue else {
                note("\(field) '\(path)' does not exist")
                return nil
            }
            return url
        }

        mutating func exists(_ path: String, field: String) {
            if !FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path) {
                note("\(field) has no \(path)")
            }
        }
    }
}
