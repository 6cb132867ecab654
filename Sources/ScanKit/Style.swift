import RecipeKit

/// `scan` colours its output with the rules `compare` follows.
typealias Style = TerminalStyle
