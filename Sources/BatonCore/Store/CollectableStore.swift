/// A store that can list the records it holds, so that a collection can find those nothing
/// reaches any more.
public protocol CollectableStore: Store {
    /// Every record the store holds, by ID, at one moment (a memory store hands out its table
    /// without copying it).
    /// - Throws: the store's own error when its medium fails.
    func allRecords() throws -> [RecordID: StoreRecord]
}
