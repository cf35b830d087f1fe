/// Shorter reads of the generated operations' data (`Tests/BatonTests/Generated`), as the
/// environment's tests check them.
extension ItemOwnerQuery.Data {
    var ownerNames: [String] { items.map(\.owner.name) }
}

extension NoteDetailQuery.Data.Note {
    var authorName: String { author.name }
}

extension SetNoteDetailMutation.Data.SetNote {
    var authorName: String { author.name }
}

extension CountdownSubscription.Data {
    var value: Int { countdown.value }
}

extension DeferredQuery.Data {
    var slow: String? { later?.slow }
}

extension RequestEchoQuery.Data {
    var onError: String? { requestOnError }
    var header: String? { requestHeader }
}
