import Foundation

/// The machine line of a run: cores, memory, the system, the toolchain, the build configuration.
enum MachineInfo {
    /// Describes this machine; `seconds` and `quick` describe the run.
    static func current(quick: Bool, seconds: Double, date: Date) -> BenchResults.Machine {
        BenchResults.Machine(
            cores: ProcessInfo.processInfo.activeProcessorCount,
            memoryBytes: ProcessInfo.processInfo.physicalMemory, os: operatingSystem(), toolchain: toolchain(),
            configuration: configuration, date: isoDate(date), quick: quick,
            seconds: max(0.1, (seconds * 10).rounded() / 10))
    }

    /// "debug" or "release": how this binary was built.
    static var configuration: String {
        #if DEBUG
            "debug"
        #else
            "release"
        #endif
    }

    /// "2026-11-24T11:30:00Z".
    static func isoDate(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }

    /// "Linux 6.1.0 (Debian GNU/Linux 12 (bookworm))": the kernel and, where known, the distribution.
    static func operatingSystem() -> String {
        var name = utsname()
        uname(&name)
        func string<T>(_ field: T) -> String {
            withUnsafeBytes(of: field) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        }
        let kernel = "\(string(name.sysname)) \(string(name.release))"
        guard let release = try? String(contentsOfFile: "/etc/os-release", encoding: .utf8),
            let line = release.split(separator: "\n").first(where: { $0.hasPrefix("PRETTY_NAME=") })
        else { return kernel }
        let pretty = line.dropFirst("PRETTY_NAME=".count).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        return "\(kernel) (\(pretty))"
    }

    /// The first line of `swift --version`, or the compiler version this binary was built with when
    /// `swift` is not on the path.
    static func toolchain() -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "--version"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        if (try? process.run()) != nil {
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            let first = String(decoding: data, as: UTF8.self).split(separator: "\n").first.map(String.init)
            if process.terminationStatus == 0, let first, first.contains("Swift version") {
                return first.trimmingCharacters(in: .whitespaces)
            }
        }
        #if compiler(>=6.3)
            return "Swift compiler 6.3 or later"
        #else
            return "Swift compiler before 6.3"
        #endif
    }
}
