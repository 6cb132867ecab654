// Check: swift6 rejects
actor DownloadQueue {
    var pending: [String] = []
    func enqueue(_ url: String) { pending.append(url) }
}

func scheduleDownloads(_ queue: DownloadQueue) async {
    queue.enqueue("a.zip")
    // expected-error@-1 {{actor-isolated instance method 'enqueue' cannot be called from outside of the actor}}
    print(queue.pending.count)
    // expected-error@-1 {{actor-isolated property 'pending' cannot be accessed from outside of the actor}}
}
