/// A collectable store that keeps its records numbered (a ``RecordGraph``), so a collection
/// marks without hashing every record ID.
package protocol NumberedRecordStore: CollectableStore {
    /// The records held that no root reaches, sorted, as ``RecordCollector/unreachable(in:roots:operationRoots:)``
    /// finds them in ``CollectableStore/allRecords()``.
    func unreachableRecords(roots: Set<RecordID>, operationRoots: Set<RecordID>) -> [RecordID]
}
