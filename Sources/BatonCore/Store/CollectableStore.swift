/// A store that can list every record it holds, so that ``Environment/collect()`` can delete the
/// records no live handle, retained operation or optimistic layer reaches any more.
///
/// A store that does not adopt it is never collected: ``Environment/collect()`` deletes nothing
/// from it and returns `[]`, and records nothing reaches stay until the store drops them itself.
///
/// ## What an implementation must do
/// - List in ``allRecords()`` every record held, at one moment, each as ``Store/read(_:)``
///   returns it: the collection follows the links in their fields, so a record left out, or a
///   link dropped from one, lets a record still reachable be deleted.
/// - Take the collection's deletions as any other ``StoreWrite``.
///
/// `StoreConformance` in `BatonTestSupport` checks this for a store that adopts it.
public protocol CollectableStore: Store {
    /// Every record the store holds, by ID, at one moment (a memory store hands out its table
    /// without copying it).
    /// - Throws: the store's own error when its medium fails; the collection then deletes nothing.
    func allRecords() throws -> [RecordID: StoreRecord]
}
