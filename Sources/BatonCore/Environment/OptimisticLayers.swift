/// The optimistic responses of mutations in flight, as layers of records over the store.
///
/// A read sees the store with every layer merged over it in the order the mutations began, so a
/// server commit that lands in the store meanwhile is under every layer at once (rebased, with
/// nothing to redo); removing a layer when its mutation ends changes exactly the records it held.
struct OptimisticLayers: Sendable {
    private var nextID = 0
    private(set) var layers: [(id: Int, records: [RecordID: StoreRecord])] = []

    /// Whether there is no layer.
    var isEmpty: Bool { layers.isEmpty }

    /// Lays `records` over the store. - Returns: the layer's ID, to remove it.
    mutating func add(_ records: [StoreRecord]) -> Int {
        nextID += 1
        var merged: [RecordID: StoreRecord] = [:]
        for record in records {
            if let held = merged[record.id] {
                merged[record.id] = held.merging(record)
            } else {
                merged[record.id] = record
            }
        }
        layers.append((nextID, merged))
        return nextID
    }

    /// Removes layer `id`. - Returns: the records it held, which reads now see without it.
    mutating func remove(_ id: Int) -> Set<RecordID> {
        guard let position = layers.firstIndex(where: { $0.id == id }) else { return [] }
        return Set(layers.remove(at: position).records.keys)
    }

    /// Every record some layer holds.
    var recordIDs: Set<RecordID> {
        var ids = Set<RecordID>()
        for layer in layers { ids.formUnion(layer.records.keys) }
        return ids
    }

    /// `base` with every layer's copy of record `id` merged over it, in order.
    func record(_ id: RecordID, over base: StoreRecord?) -> StoreRecord? {
        var record = base
        for layer in layers {
            guard let patch = layer.records[id] else { continue }
            if var current = record {
                current.merge(patch)
                record = current
            } else {
                record = patch
            }
        }
        return record
    }
}
