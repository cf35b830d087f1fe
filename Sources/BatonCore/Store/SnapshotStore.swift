/// A store that hands out everything it holds at one moment as a ``RecordSource``, cheaply:
/// what lets an environment read a handle from one consistent moment, and leave out of a
/// response's write the fields the store already holds with the value it gives.
///
/// A store that does not adopt it still works: a read asks ``Store/read(_:)`` for one record at
/// a time (so a read beside a write may see part of it, and a record the medium fails to give
/// reads as missing), and every response is written whole.
///
/// ## What an implementation must do
/// - Hand out a source that answers exactly as ``Store/read(_:)`` and ``Store/operation(_:)``
///   would have when it was taken, every write that had returned by then included: a field the
///   snapshot holds with the value a response gives is left out of that response's write.
/// - Keep the source's answers as they were, whatever is written after it was taken.
/// - Be cheap to take and safe to take from any thread, beside writes: one is taken for every
///   read of a handle and every response written. A source is used by one read at a time.
///
/// `StoreConformance` in `BatonTestSupport` checks this for a store that adopts it.
public protocol SnapshotStore: Store {
    /// The store's records and operations at this moment, unchanged by later writes.
    /// - Returns: a source answering as the store does now (a copy-on-write table costs nothing
    ///   until the next write).
    func recordSnapshot() -> any RecordSource
}
