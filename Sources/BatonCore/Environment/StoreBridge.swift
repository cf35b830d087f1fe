import struct Foundation.Date

/// The environment's one way into the normalizer and the reader, so that a change of their
/// entry points is a change here alone.
enum StoreBridge {
    /// The write that stores `response`, an operation's whole result or first payload.
    /// - Parameter store: the store the write goes to, when a field it holds with the value the
    ///   response gives should be left out (a repeat fetch then writes only what changed):
    ///   compared with the store's own snapshot, never the optimistic layers, so the write
    ///   merged into the store gives the records the whole write would. A store that cannot
    ///   hand out a snapshot is not compared, as reading it record by record would cost more
    ///   than the write saves.
    static func write(
        _ response: GraphQLResponse, plan: OperationPlan, variables: JSONObject, key: OperationKey, fetched: Date?,
        comparingWith store: (any Store)? = nil
    ) throws(IngestError) -> StoreWrite {
        // A response with errors is written whole: no snapshot to take.
        let stored = response.errors.isEmpty ? (store as? any SnapshotStore)?.recordSnapshot() : nil
        return try ResponseNormalizer.normalize(
            response, plan: plan, variables: variables, operation: key, fetched: fetched, comparingWith: stored)
    }

    /// The write that stores a later payload of an incremental response: each deferred part at
    /// its path, found by the `pending` entries announced so far (this payload's added to them).
    static func writeLaterPart(
        _ response: GraphQLResponse, plan: OperationPlan, variables: JSONObject, key: OperationKey,
        base: some RecordSource, announced: inout [String: [GraphQLError.PathElement]]
    ) throws(IngestError) -> StoreWrite {
        remember(response, in: &announced)
        var write = StoreWrite()
        var pending = PendingWrite(base: base)
        for part in try response.incremental {
            let path = part.path ?? part.id.flatMap { announced[$0] }.map { $0 + (part.subPath ?? []) }
            guard let data = part.data, let path else { continue }
            let partWrite = try ResponseNormalizer.normalize(
                part: data, at: path, errors: part.errors, plan: plan, variables: variables, operation: key,
                base: pending)
            pending.apply(partWrite)
            write.records.append(contentsOf: partWrite.records)
            write.operationErrors.merge(partWrite.operationErrors) { $1 }
        }
        return write
    }

    /// The write that stores `data` as a payload that may carry part of the selection, at any
    /// depth (an optimistic response, a local commit), over what `base` holds.
    static func partialWrite(
        _ data: JSONObject, plan: OperationPlan, variables: JSONObject, key: OperationKey, base: some RecordSource
    ) throws(IngestError) -> StoreWrite {
        let root = RecordID.root(of: plan.operationType)
        let rooted = RootedSource(base: base, root: StoreRecord(id: root, typename: plan.rootTypename))
        return try ResponseNormalizer.normalize(partialPayload: data, plan: plan, variables: variables, operation: key, base: rooted)
    }

    /// Reads the operation from `source`.
    static func read(
        plan: OperationPlan, variables: JSONObject, key: OperationKey, source: some RecordSource,
        events: any EventSink
    ) -> RecordRead {
        RecordReader.read(plan, variables: variables, operation: key, from: source, events: events)
    }

    /// Adds the `pending` entries `response` announces to `announced`, by their IDs.
    static func remember(_ response: GraphQLResponse, in announced: inout [String: [GraphQLError.PathElement]]) {
        for entry in (try? response.pending) ?? [] { announced[entry.id] = entry.path }
    }
}

/// A source that answers a root record, empty, when its base holds none: a local payload may
/// be the first thing written under a root.
private struct RootedSource<Base: RecordSource>: RecordSource {
    let base: Base
    let root: StoreRecord

    func record(_ id: RecordID) -> StoreRecord? {
        base.record(id) ?? (id == root.id ? root : nil)
    }

    func operation(_ key: OperationKey) -> OperationRecord? { base.operation(key) }
}

/// A source with the parts of one payload already normalized laid over its base, so a later part
/// of the same payload finds the objects an earlier one wrote.
private struct PendingWrite<Base: RecordSource>: RecordSource {
    let base: Base
    var written: [RecordID: StoreRecord] = [:]

    init(base: Base) {
        self.base = base
    }

    mutating func apply(_ write: StoreWrite) {
        for record in write.records {
            written[record.id] = (written[record.id] ?? base.record(record.id))?.merging(record) ?? record
        }
    }

    func record(_ id: RecordID) -> StoreRecord? { written[id] ?? base.record(id) }

    func operation(_ key: OperationKey) -> OperationRecord? { base.operation(key) }
}
