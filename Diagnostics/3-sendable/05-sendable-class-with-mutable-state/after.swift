/// Mutable state shared between threads: an actor guards it.
actor DownloadStats {
    var bytes = 0
    var files = 0

    func record(bytes: Int) {
        self.bytes += bytes
        files += 1
    }
}
