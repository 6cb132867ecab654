actor DownloadQueue {
    var pending: [String] = []

    /// Enqueues and returns how many are pending, in one isolated step.
    func enqueue(_ url: String) -> Int {
        pending.append(url)
        return pending.count
    }
}

func scheduleDownloads(_ queue: DownloadQueue) async {
    print(await queue.enqueue("a.zip"))
}
