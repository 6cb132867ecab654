/// `scan`'s command line, parsed: one field per option, one `case` per option in `parse`.
///
/// A new option is a field here and a case in `parse`; `ScanCommand.run` reads the fields.
struct ScanOptions {
    /// The forms the findings can be printed in.
    enum Format: String, CaseIterable {
        case terminal, json, xcode
    }

    var format = Format.terminal
    var markdown: String?
    var sarif: String?
    var baselineFile: String?
    var failOnNew = false
    var hazardsAsErrors = false
    var hazards = HazardFilter.all
    var color = true
    var defaultIsolation = DefaultIsolation.nonisolated
    /// `--jobs N`: how many files are scanned at once; nil for one per core.
    var jobs: Int?
    var paths: [String] = []
    var generate: (directory: String, lines: Int)?
    /// `--build-log FILE`: read a build log's diagnostics instead of scanning sources.
    var buildLog: String?
    /// `--format markdown`, which only `--build-log` prints.
    var markdownFormat = false
    var help = false

    /// The options in `arguments`, or the usage error that says what is wrong with them.
    static func parse(_ arguments: [String]) -> Result<ScanOptions, ScanError> {
        var options = ScanOptions()
        var index = 0
        func value() -> String? {
            guard index + 1 < arguments.count else { return nil }
            index += 1
            return arguments[index]
        }
        func file(_ option: String, _ what: String) -> Result<String, ScanError> {
            value().map { .success($0) } ?? .failure(ScanError("\(option) needs \(what)"))
        }
        do throws(ScanError) {
            while index < arguments.count {
                let argument = arguments[index]
                switch argument {
                case "--help", "-h":
                    options.help = true
                    return .success(options)
                case "--json": options.format = .json
                case "--format" where index + 1 < arguments.count && arguments[index + 1] == "markdown":
                    index += 1
                    options.markdownFormat = true
                case "--format": options.format = try choice(argument, value(), Format.self, separator: ", ").get()
                case "--no-color": options.color = false
                case "--markdown": options.markdown = try file(argument, "a file name").get()
                case "--sarif": options.sarif = try file(argument, "a file name").get()
                case "--baseline":
                    options.baselineFile = try file(argument, "the file of an earlier --format json report").get()
                case "--build-log":
                    options.buildLog = try file(argument, "a file name, or - for standard input").get()
                case "--fail-on-new": options.failOnNew = true
                case "--hazards-as-errors": options.hazardsAsErrors = true
                case "--hazards": options.hazards = try choice(argument, value(), HazardFilter.self, separator: ", ").get()
                case "--default-isolation":
                    options.defaultIsolation = try choice(argument, value(), DefaultIsolation.self, separator: " or ").get()
                case "--jobs":
                    guard let jobs = value().flatMap({ Int($0) }), jobs > 0 else {
                        throw ScanError("--jobs needs a number of files to scan at once, 1 or more")
                    }
                    options.jobs = jobs
                case "--generate-benchmark-tree":
                    guard index + 2 < arguments.count, let lines = Int(arguments[index + 2]), lines > 0 else {
                        throw ScanError("--generate-benchmark-tree needs a directory and a line count")
                    }
                    options.generate = (arguments[index + 1], lines)
                    index += 2
                case "--":
                    options.paths += arguments[(index + 1)...]
                    index = arguments.count
                    continue
                default:
                    if argument.hasPrefix("-"), argument != "-" { throw ScanError("unknown option \(argument)") }
                    options.paths.append(argument)
                }
                index += 1
            }
        } catch {
            return .failure(error)
        }
        return .success(options)
    }

    /// The value of an option that takes one of `Choice`'s names, or the usage error that says
    /// which names it takes: `--format is terminal, json, xcode, not html`.
    private static func choice<Choice: RawRepresentable & CaseIterable>(
        _ option: String, _ name: String?, _: Choice.Type, separator: String
    ) -> Result<Choice, ScanError> where Choice.RawValue == String {
        let names = Choice.allCases.map(\.rawValue).joined(separator: separator)
        guard let name else { return .failure(ScanError("\(option) needs \(names)")) }
        guard let chosen = Choice(rawValue: name) else { return .failure(ScanError("\(option) is \(names), not \(name)")) }
        return .success(chosen)
    }
}
