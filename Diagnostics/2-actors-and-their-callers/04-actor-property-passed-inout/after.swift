/// The helper doesn't suspend, so it doesn't need to be `async`.
nonisolated func normalize(_ scores: inout [Int]) {
    scores.sort()
}

actor Leaderboard {
    var scores: [Int] = []

    /// The actor changes its own state, in one step nothing can interleave.
    func tidy() {
        normalize(&scores)
    }
}

func tidy(_ board: Leaderboard) async {
    await board.tidy()
}
