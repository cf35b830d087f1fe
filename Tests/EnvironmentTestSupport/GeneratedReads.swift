/// Shorter reads of the generated operations' data (`Tests/BatonTests/Generated`), as the
/// environment's tests check them.
extension ItemOwnerQuery.Data {
    package var ownerNames: [String] { items.map(\.owner.name) }
}

extension NoteDetailQuery.Data.Note {
    package var authorName: String { author.name }
}

extension SetNoteDetailMutation.Data.SetNote {
    package var authorName: String { author.name }
}

extension CountdownSubscription.Data {
    package var value: Int { countdown.value }
}

extension DeferredQuery.Data {
    package var slow: String? { later?.slow }
}

extension RequestEchoQuery.Data {
    package var onError: String? { requestOnError }
    package var header: String? { requestHeader }
}
