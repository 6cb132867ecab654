// Check: swift6 rejects
func normalize(_ scores: inout [Int]) async {
    scores.sort()
}

actor Leaderboard {
    var scores: [Int] = []
    // expected-note@-1 {{property declared here}}
    // expected-note@-2 {{mutation of this property is only permitted within the actor}}
}

func tidy(_ board: Leaderboard) async {
    await normalize(&board.scores)
    // expected-error@-1 {{actor-isolated property 'scores' cannot be passed 'inout' to 'async' function call}}
    // expected-error@-2 {{actor-isolated property 'scores' can not be used 'inout' from a nonisolated context}}
}
