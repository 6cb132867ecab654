import Foundation
import RecipeKit

/// The legacy → modern → recipes table, merged across recipes.
enum APITable {
    /// One row per legacy API, in the order the recipes first mention it.
    static func rows(_ recipes: [Recipe]) -> [(legacy: String, modern: [String], recipes: [Recipe])] {
        var order: [String] = []
        var modern: [String: [String]] = [:]
        var users: [String: [Recipe]] = [:]
        for recipe in recipes {
            for api in recipe.apis {
                if modern[api.legacy] == nil { order.append(api.legacy) }
                // Counterparts are "; "-separated alternatives; keep each alternative once.
                for part in api.modern.components(separatedBy: "; ")
                where !(modern[api.legacy] ?? []).contains(part) {
                    modern[api.legacy, default: []].append(part)
                }
                if !(users[api.legacy] ?? []).contains(where: { $0.id == recipe.id }) {
                    users[api.legacy, default: []].append(recipe)
                }
            }
        }
        return order.map { ($0, modern[$0]!, users[$0]!) }
    }

    /// The table as Markdown; `link` gives the relative link to a recipe's page.
    static func markdown(_ recipes: [Recipe], link: (Recipe) -> String) -> [String] {
        var lines = ["| Legacy API | Modern counterpart | Recipes |", "|---|---|---|"]
        for row in rows(recipes) {
            let legacy = row.legacy.contains("`") ? row.legacy : "`\(row.legacy)`"
            let recipes = row.recipes.map { "[\($0.id)](\(link($0)))" }.joined(separator: ", ")
            lines.append("| \(escape(legacy)) | \(escape(row.modern.joined(separator: "; "))) | \(recipes) |")
        }
        return lines
    }

    private static func escape(_ cell: String) -> String {
        BreakableCode.cell(cell).replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }
}
