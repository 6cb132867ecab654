import RecipeKit

/// The manifests that let a coding agent install the skill (`SkillFile`) the way it installs other
/// skills: as a plugin from a marketplace, or as an extension.
///
/// The repository's root is the plugin. Agents look for skills in a plugin's `skills/` folder, where
/// `guide` writes this one, and the skill works from the repository's folder (it runs `scan` and
/// `compare` and reads `Guide/`), which an install copies whole.
///
/// - `.claude-plugin/plugin.json`, the plugin manifest: Claude Code reads it, and so does GitHub
///   Copilot CLI (its last place to look).
/// - `.claude-plugin/marketplace.json`, a marketplace listing that one plugin with the repository's
///   root as its source, so `/plugin marketplace add` takes the repository (both agents).
/// - `gemini-extension.json`, the extension manifest: Gemini CLI loads an extension's `skills/`.
///
/// Every name, description and version here is the skill's, so `guide --check` fails when the
/// manifests and the skill drift apart; `SkillFileTests` checks the files against the fields
/// their documentation lists.
struct PluginManifests {
    static let plugin = ".claude-plugin/plugin.json"
    static let marketplace = ".claude-plugin/marketplace.json"
    static let geminiExtension = "gemini-extension.json"

    /// The marketplace's name: a plugin is installed as `<plugin>@<marketplace>`.
    static let marketplaceName = "concurrency-migration"
    static let owner = "ConcurrencyMigration maintainers"
    static let keywords = [
        "swift", "swift-concurrency", "async-await", "actors", "grand-central-dispatch", "migration",
    ]

    /// The manifests' text by path below the package root.
    var files: [String: String] {
        let description = ManifestJSON.string(SkillFile.description)
        let version = ManifestJSON.string(SkillFile.version)
        let pluginManifest = ManifestJSON.object([
            ("name", .string(SkillFile.name)),
            ("version", version),
            ("description", description),
            ("author", .object([("name", .string(Self.owner))])),
            ("keywords", .array(Self.keywords.map(ManifestJSON.string))),
        ])
        let entry = ManifestJSON.object([
            ("name", .string(SkillFile.name)),
            ("source", .string("./")),
            ("description", description),
            ("version", version),
            ("category", .string("development")),
        ])
        let marketplaceManifest = ManifestJSON.object([
            ("name", .string(Self.marketplaceName)),
            ("owner", .object([("name", .string(Self.owner))])),
            ("metadata", .object([("description", description), ("version", version)])),
            ("plugins", .array([entry])),
        ])
        let extensionManifest = ManifestJSON.object([
            ("name", .string(SkillFile.name)),
            ("version", version),
            ("description", description),
        ])
        return [
            Self.plugin: pluginManifest.text,
            Self.marketplace: marketplaceManifest.text,
            Self.geminiExtension: extensionManifest.text,
        ]
    }
}

/// A JSON value whose objects keep their members in the order written, so a manifest reads in the
/// order its documentation lists the fields.
enum ManifestJSON {
    case string(String)
    case array([ManifestJSON])
    case object([(String, ManifestJSON)])

    /// The value as JSON text, indented by two spaces, with a final newline.
    var text: String { rendered(indent: "") + "\n" }

    func rendered(indent: String) -> String {
        let inner = indent + "  "
        switch self {
        case .string(let value):
            return JSONText.quoted(value)
        case .array(let items):
            if items.isEmpty { return "[]" }
            let lines = items.map { item in inner + item.rendered(indent: inner) }
            return "[\n" + lines.joined(separator: ",\n") + "\n" + indent + "]"
        case .object(let members):
            if members.isEmpty { return "{}" }
            let lines = members.map { member in
                "\(inner)\(JSONText.quoted(member.0)): \(member.1.rendered(indent: inner))"
            }
            return "{\n" + lines.joined(separator: ",\n") + "\n" + indent + "}"
        }
    }
}
