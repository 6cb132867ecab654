/// Where async code runs is an actor, not a thread: log the isolation.
func logContext(isolation: isolated (any Actor)? = #isolation) async {
    print("running on \(isolation.map { "\($0)" } ?? "the global executor")")
}
