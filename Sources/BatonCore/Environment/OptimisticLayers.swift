/// The optimistic responses and updaters of mutations in flight, as layers of records over the store.
///
/// A read sees the store with every layer merged over it in the order the mutations began, so a
/// server commit that lands in the store meanwhile is under every layer at once; a layer's
/// optimistic updater is run again over what is beneath it after each such commit (rebased),
/// and removing a layer when its mutation ends changes exactly the records it held.
struct OptimisticLayers: Sendable {
    /// One mutation's layer.
    struct Layer: Sendable {
        var id: Int
        /// The optimistic response's records, merged field by field.
        var response: [RecordID: StoreRecord]
        /// The records the optimistic response deletes (`@deleteRecord`), before its records merge.
        var responseDeleted: Set<RecordID> = []
        /// Builds the optimistic response's write again over the records beneath the layer (its
        /// edge directives applied to the connections as they are now), after a commit beneath it.
        var rebase: (@Sendable (any RecordSource) -> StoreWrite)?
        /// The optimistic updater, run over the store and the layers beneath (this one's response included).
        var updater: (@Sendable (RecordStoreProxy) -> Void)?
        /// The fields the updater set, by record, as its last run gave them.
        var updated: [RecordID: StoreRecord] = [:]
        /// The records the updater deleted in its last run.
        var deleted: Set<RecordID> = []

        /// Every record the layer changes.
        var recordIDs: Set<RecordID> {
            Set(response.keys).union(responseDeleted).union(updated.keys).union(deleted)
        }

        /// Takes `write` as the layer's response: its records merged by ID, its deletions.
        mutating func respond(with write: StoreWrite) {
            var merged: [RecordID: StoreRecord] = [:]
            for record in write.records {
                if let held = merged[record.id] {
                    merged[record.id] = held.merging(record)
                } else {
                    merged[record.id] = record
                }
            }
            response = merged
            responseDeleted = Set(write.deletions)
        }
    }

    private var nextID = 0
    private(set) var layers: [Layer] = []

    /// Whether there is no layer.
    var isEmpty: Bool { layers.isEmpty }

    /// Whether some layer has an updater (or a response) to run again after a commit beneath it.
    var hasUpdaters: Bool { layers.contains { $0.updater != nil || $0.rebase != nil } }

    /// Lays `write`'s records and deletions over the store; `rebase` builds the write again over
    /// what is beneath after each commit. - Returns: the layer's ID, to remove it.
    mutating func add(
        _ write: StoreWrite, rebase: (@Sendable (any RecordSource) -> StoreWrite)? = nil,
        updater: (@Sendable (RecordStoreProxy) -> Void)? = nil
    ) -> Int {
        nextID += 1
        var layer = Layer(id: nextID, response: [:], rebase: rebase, updater: updater)
        layer.respond(with: write)
        layers.append(layer)
        return nextID
    }

    /// Removes layer `id`. - Returns: the records it held, which reads now see without it.
    mutating func remove(_ id: Int) -> Set<RecordID> {
        guard let position = layers.firstIndex(where: { $0.id == id }) else { return [] }
        return layers.remove(at: position).recordIDs
    }

    /// Every record some layer holds.
    var recordIDs: Set<RecordID> {
        var ids = Set<RecordID>()
        for layer in layers { ids.formUnion(layer.recordIDs) }
        return ids
    }

    /// `base` with every layer's copy of record `id` merged over it, in order.
    func record(_ id: RecordID, over base: StoreRecord?) -> StoreRecord? {
        var record = base
        for layer in layers {
            if layer.responseDeleted.contains(id) { record = nil }
            if let patch = layer.response[id] { record = Self.merge(patch, over: record) }
            if layer.deleted.contains(id) { record = nil }
            if let patch = layer.updated[id] { record = Self.merge(patch, over: record) }
        }
        return record
    }

    private static func merge(_ patch: StoreRecord, over record: StoreRecord?) -> StoreRecord {
        guard var current = record else { return patch }
        current.merge(patch)
        return current
    }

    /// Runs every layer's updater again over `store` and the layers beneath it, in order.
    /// - Returns: the records whose layered copy may have changed.
    mutating func reapplyUpdaters(over store: any Store) -> Set<RecordID> {
        var changed = Set<RecordID>()
        for index in layers.indices where layers[index].rebase != nil {
            // The response's edge directives, applied again to the connections beneath.
            var beneath = self
            beneath.layers = Array(layers[..<index])
            guard let rebase = layers[index].rebase else { continue }
            let before = layers[index]
            layers[index].respond(with: rebase(LayeredRecords(store: store, layers: beneath)))
            let after = layers[index]
            for id in Set(after.response.keys).union(before.response.keys) where after.response[id] != before.response[id] {
                changed.insert(id)
            }
            changed.formUnion(after.responseDeleted.symmetricDifference(before.responseDeleted))
        }
        for index in layers.indices where layers[index].updater != nil {
            var beneath = self
            beneath.layers = Array(layers[...index])
            beneath.layers[index].updated = [:]
            beneath.layers[index].deleted = []
            let before = layers[index]
            let (updated, deleted) = Self.run(before.updater, over: LayeredRecords(store: store, layers: beneath))
            layers[index].updated = updated
            layers[index].deleted = deleted
            for id in Set(updated.keys).union(before.updated.keys) where updated[id] != before.updated[id] { changed.insert(id) }
            changed.formUnion(deleted.symmetricDifference(before.deleted))
        }
        return changed
    }

    /// What `updater` sets and deletes over `base`.
    static func run(
        _ updater: (@Sendable (RecordStoreProxy) -> Void)?, over base: some RecordSource
    ) -> (updated: [RecordID: StoreRecord], deleted: Set<RecordID>) {
        guard let updater else { return ([:], []) }
        let proxy = RecordStoreProxy(base: base)
        updater(proxy)
        let write = proxy.write
        var updated: [RecordID: StoreRecord] = [:]
        for record in write.records { updated[record.id] = record }
        return (updated, Set(write.deletions))
    }
}
