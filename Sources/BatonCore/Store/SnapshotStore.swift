/// A store that hands out everything it holds at one moment as a ``RecordSource``, cheaply:
/// what lets an environment read a handle from one consistent moment. A store that does not
/// conform is read record by record.
public protocol SnapshotStore: Store {
    /// The store's records and operations at this moment.
    func recordSnapshot() -> any RecordSource
}
