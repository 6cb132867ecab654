/// Return the new entries; the caller, who owns the cache, stores them.
func cacheEntries(keys: [String]) async -> [String: Int] {
    var entries: [String: Int] = [:]
    for key in keys { entries[key] = key.count }
    return entries
}

func fillCache(_ cache: inout [String: Int], keys: [String]) async {
    cache.merge(await cacheEntries(keys: keys)) { _, new in new }
}
