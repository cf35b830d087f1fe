import struct Foundation.Date

/// The writes each kind of payload makes, by an operation's plan: the executor's one way into
/// the normalizer, so a change of its entry points is a change here alone.
enum PayloadWrites {
    /// The write that stores `response`, an operation's whole result or first payload (or a
    /// subscription's event).
    /// - Parameter stored: the store's own snapshot, when a field it holds with the value the
    ///   response gives should be left out (a repeat fetch then writes only what changed); never
    ///   the optimistic layers, so the write merged into the store gives the records the whole
    ///   write would.
    static func whole(
        _ response: GraphQLResponse, of operation: ExecutableOperation, fetched: Date?, comparingWith stored: (any RecordSource)?
    ) throws(IngestError) -> StoreWrite {
        try ResponseNormalizer.normalize(
            response, plan: operation.plan, variables: operation.variables, operation: operation.key, fetched: fetched,
            comparingWith: response.errors.isEmpty ? stored : nil)
    }

    /// The write that stores `body`, one response's unparsed bytes, read straight from them;
    /// `nil` when the bytes do not decide it (malformed, no data, an order the byte reading does
    /// not follow), which the parsed response then does. Identical to ``whole(_:of:fetched:comparingWith:)``
    /// of the parsed body when not `nil`.
    static func whole(
        body: [UInt8], of operation: ExecutableOperation, fetched: Date?, comparingWith stored: (any RecordSource)?
    ) -> StoreWrite? {
        ResponseNormalizer.normalizeWithoutTree(
            responseBytes: body, plan: operation.plan, variables: operation.variables, operation: operation.key,
            fetched: fetched, comparingWith: stored, requiringData: true)
    }

    /// The write that stores a later payload of an incremental response: each part at the path
    /// `paths` knows for it (this payload's announcements added first): a deferred fragment's
    /// fields, or a streamed list's next items at their indices; and the errors of a stream or a
    /// fragment that completed with errors (a stream that ended early keeps the items that came).
    static func laterPart(
        _ response: GraphQLResponse, of operation: ExecutableOperation, base: some RecordSource, paths: inout IncrementalPaths
    ) throws(IngestError) -> StoreWrite {
        paths.remember(response)
        var write = StoreWrite()
        var pending = PendingWrite(base: base)
        func add(_ partWrite: StoreWrite) {
            pending.apply(partWrite)
            write.records.append(contentsOf: partWrite.records)
            write.operationErrors.merge(partWrite.operationErrors) { $1 }
        }
        let plan = operation.plan
        for part in try response.incremental {
            guard let path = paths.path(of: part) else { continue }
            if let data = part.data {
                add(
                    try ResponseNormalizer.normalize(
                        part: data, at: path, errors: part.errors, plan: plan, variables: operation.variables,
                        operation: operation.key, base: pending))
            } else if let items = part.items {
                add(
                    try ResponseNormalizer.normalize(
                        items: items, at: path, errors: part.errors, plan: plan, variables: operation.variables,
                        operation: operation.key, base: pending))
            } else if !part.errors.isEmpty {
                add(try errorsOnly(part.errors, of: operation, base: pending))
            }
        }
        for completed in try response.completed where !completed.errors.isEmpty {
            add(try errorsOnly(completed.errors, of: operation, base: pending))
        }
        return write
    }

    /// The write that keeps `errors` of a later payload that brought no data: beside the fields
    /// their paths name, or on the operation.
    private static func errorsOnly(
        _ errors: [GraphQLError], of operation: ExecutableOperation, base: some RecordSource
    ) throws(IngestError) -> StoreWrite {
        var write = try ResponseNormalizer.normalize(
            part: [:], at: [], errors: errors, plan: operation.plan, variables: operation.variables, operation: operation.key,
            base: base)
        // The root written with nothing in it changes nothing.
        write.records.removeAll { $0.fields.isEmpty }
        return write
    }

    /// The write that stores `data` as a payload that may carry part of the selection, at any
    /// depth (an optimistic response, a local commit), over what `base` holds.
    static func partial(
        _ data: JSONObject, plan: OperationPlan, variables: JSONObject, key: OperationKey, base: some RecordSource
    ) throws(IngestError) -> StoreWrite {
        let root = RecordID.root(of: plan.operationType)
        let rooted = RootedSource(base: base, root: StoreRecord(id: root, typename: plan.rootTypename))
        return try ResponseNormalizer.normalize(partialPayload: data, plan: plan, variables: variables, operation: key, base: rooted)
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
/// of the same payload finds the objects an earlier one wrote (and an updater, the response it runs with).
struct PendingWrite<Base: RecordSource>: RecordSource {
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
