func downloadReport() async -> String { "" }

func exportReport() async {
    let report = await downloadReport()
    print(report)
}
