/// Ask for a type whose metatype may cross into other tasks.
nonisolated protocol Decoder: SendableMetatype {
    init(bytes: [UInt8])
}

nonisolated func decodeInBackground<Model: Decoder>(
    _ type: Model.Type, _ bytes: [UInt8]
) async {
    await Task.detached {
        _ = type.init(bytes: bytes)
    }.value
}
