import Foundation
import RecipeKit

/// ANSI styling with the shared rules (`TerminalStyle`): only on a terminal, never with `NO_COLOR`.
typealias Style = TerminalStyle

/// The width of the terminal on standard output: the window size, else `COLUMNS`, else 100.
func terminalWidth() -> Int {
    var size = winsize()
    if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
        return max(60, Int(size.ws_col))
    }
    if let columns = ProcessInfo.processInfo.environment["COLUMNS"].flatMap(Int.init), columns > 0 {
        return max(60, columns)
    }
    return 100
}
