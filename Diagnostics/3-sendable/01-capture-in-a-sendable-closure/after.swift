/// The state the queue guarded belongs to an actor now.
actor FeedLoader {
    var loaded = 0

    func loadMore() {
        loaded += 20
    }
}
