/// Each child task returns its part; the parent adds them up, alone.
func totalSize(of files: [[UInt8]]) async -> Int {
    await withTaskGroup(of: Int.self) { group in
        for file in files {
            group.addTask { file.count }
        }
        var total = 0
        for await size in group { total += size }
        return total
    }
}
