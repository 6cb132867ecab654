// Check: swift6 rejects
func downloadReport() async -> String { "" }

func exportReport() async {
    let report = downloadReport()
    // expected-error@-1 {{expression is 'async' but is not marked with 'await'}}
    // expected-note@-2 {{call is 'async'}}
    print(report)
}
