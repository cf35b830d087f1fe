/// The store as an updater changes it (Relay's `RecordSourceSelectorProxy`): records read as
/// the store holds them, with this updater's own changes over them, and every change collected
/// into one write.
///
/// Given to ``Environment/commitUpdate(_:)`` and to a mutation's `updater` and
/// `optimisticUpdater`; it lives for the call only. Do not call the environment from inside an
/// updater: the write it builds holds the environment's write lock.
public final class RecordStoreProxy {
    private let base: any RecordSource
    /// The records this updater changed, whole (the base's copy with the changes merged in).
    private var changed: [RecordID: StoreRecord] = [:]
    /// The fields each changed record had set, to write only those.
    private var written: [RecordID: StoreRecord] = [:]
    private(set) var deleted: Set<RecordID> = []
    /// The records this updater created.
    private(set) var created: Set<RecordID> = []
    /// The root record of the operation type the updater works under.
    private let rootID: RecordID

    init(base: any RecordSource, root: RecordID = .queryRoot) {
        self.base = base
        rootID = root
    }

    /// The query root (`client:root`), where root fields (`note(id: "1")`) are linked from.
    public var root: RecordProxy {
        if current(rootID) == nil { _ = create(rootID, typename: "Query") }
        return RecordProxy(id: rootID, store: self)
    }

    /// The record `id`, when the store (or this updater) holds it.
    public subscript(id: RecordID) -> RecordProxy? {
        current(id) == nil ? nil : RecordProxy(id: id, store: self)
    }

    /// Creates the record `id` of type `typename`, with no fields; a record the store already
    /// holds under `id` is returned as it is.
    /// - Parameters:
    ///   - id: The new record's identity (`Note:new`, or a `client:` ID of the app's own).
    ///   - typename: Its `__typename`.
    /// - Returns: the record.
    @discardableResult
    public func create(_ id: RecordID, typename: String) -> RecordProxy {
        if current(id) == nil {
            deleted.remove(id)
            created.insert(id)
            let record = StoreRecord(id: id, typename: typename)
            changed[id] = record
            written[id] = record
        }
        return RecordProxy(id: id, store: self)
    }

    /// Deletes the record `id`: links to it then read as missing, as for a record never fetched.
    /// - Parameter id: The record to delete.
    public func delete(_ id: RecordID) {
        changed[id] = nil
        written[id] = nil
        created.remove(id)
        deleted.insert(id)
    }

    // MARK: - What records proxies read and write

    /// The record `id` as it is now: deleted, changed by this updater, or the base's.
    func current(_ id: RecordID) -> StoreRecord? {
        if deleted.contains(id) { return nil }
        return changed[id] ?? base.record(id)
    }

    /// Sets `value` as field `key` of record `id`.
    func set(_ value: FieldValue, _ key: FieldKey, of id: RecordID) {
        guard var record = current(id) else { return }
        record.fields[key] = value
        changed[id] = record
        var patch = written[id] ?? StoreRecord(id: id, typename: record.typename)
        patch.fields[key] = value
        written[id] = patch
    }

    /// Writes every field of `record` (creating it when absent) with its typename.
    func put(_ record: StoreRecord) {
        if current(record.id) == nil { create(record.id, typename: record.typename) }
        if current(record.id)?.typename != record.typename { setTypename(record.typename, of: record.id) }
        for (key, value) in record.fields where current(record.id)?.fields[key] != value { set(value, key, of: record.id) }
    }

    /// Sets the typename of record `id`.
    func setTypename(_ typename: String, of id: RecordID) {
        guard var record = current(id) else { return }
        record.typename = typename
        changed[id] = record
        var patch = written[id] ?? StoreRecord(id: id, typename: typename)
        patch.typename = typename
        written[id] = patch
    }

    /// Everything this updater changed, as one write: the deletions, then the fields set (each
    /// record with its typename).
    var write: StoreWrite {
        StoreWrite(records: written.keys.sorted().compactMap { written[$0] }, deletions: deleted.sorted())
    }

    /// The records as a layer lays them: each changed record whole, and the deleted ones.
    var layerRecords: (records: [RecordID: StoreRecord], deleted: Set<RecordID>) {
        (changed, deleted)
    }
}
