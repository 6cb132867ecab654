struct Limits {
    static let maxUploads = 4
}
