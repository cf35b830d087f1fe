import struct Foundation.Date

/// Writes GraphQL responses into normalized records by an operation's plan: Baton's normalizer.
///
/// Each entry point is a pure function from a response (and, for a later part, what the store
/// holds) to a ``StoreWrite``; applying the write is the store's job, so a caller can validate,
/// layer or drop it.
package enum ResponseNormalizer {
    /// The write that stores `response`, the whole result of an operation (or its first
    /// incremental payload), by `plan`.
    ///
    /// Guarantees: every object the plan selects becomes one record, keyed `Typename:key` by the
    /// plan's ``CacheKeys`` (or by its path under the nearest keyed ancestor, the root being
    /// `client:root`), with each selected field under its storage key (arguments resolved under
    /// `variables`), every alias, type condition, fragment, `@include`/`@skip` and list nesting
    /// followed. Deferred selections absent from the payload are left out (pending, not
    /// missing). Every error of the response is kept whole: beside the field its path names, or,
    /// for a path running below a null the server sent, beside that nearest null; an error with
    /// no path or a path the response never reached goes to ``StoreWrite/operationErrors`` for
    /// `operation` (an empty list there clears what the store kept). A response without a data
    /// object writes nothing. Scalars are stored as they came, whatever their kind.
    /// - Parameters:
    ///   - response: the response payload.
    ///   - plan: the operation's plan.
    ///   - variables: the variables the operation was sent with.
    ///   - operation: the operation with its variables, for the errors kept on it.
    ///   - fetched: when the response arrived, recorded for `operation` when given.
    ///   - stored: what the store holds now, when known: fields it holds with the value the
    ///     response gives, and records it holds exactly so, are then left out of the write,
    ///     which merged into that store gives the same records as the whole write (a response
    ///     fetched again writes nothing it need not). Not consulted for a response with errors.
    /// - Returns: the records to merge and the errors to keep on the operation.
    /// - Throws: ``IngestError`` with code ``IngestError/Code/fieldOmitted`` when a selected field
    ///   is absent, or ``IngestError/Code/wrongKind`` when a value is not the object or list the
    ///   plan needs there or an object's typename is not a string, with the response path; the
    ///   write is then never returned, so the store stays exactly as it was.
    package static func normalize(
        _ response: GraphQLResponse,
        plan: OperationPlan,
        variables: JSONObject = JSONObject(),
        operation: OperationKey,
        fetched: Date? = nil,
        comparingWith stored: (any RecordSource)? = nil
    ) throws(IngestError) -> StoreWrite {
        guard case .object(let data)? = response.data else { return StoreWrite() }
        let unchanged = response.errors.isEmpty ? stored : nil
        var walk = NormalizerWalk(
            variables: variables, cacheKeys: plan.cacheKeys, typenameKey: plan.typenameKey, base: nil, unchanged: unchanged)
        let root = RecordID.root(of: plan.operationType)
        try walk.object(data, id: root, typename: plan.rootTypename, selections: plan.selections, lenient: false)
        var placement = ErrorPlacement(walk: walk, rootSelections: plan.selections, root: root)
        let unplaced = placement.place(response.errors)
        var write = StoreWrite(records: placement.walk.records, operationErrors: [operation: unplaced])
        if let fetched { write.fetchedOperations[operation] = fetched }
        return write
    }

    /// The write that stores `responseBytes`, one GraphQL response, by `plan`: exactly what
    /// ``normalize(_:plan:variables:operation:fetched:comparingWith:)`` gives for the parsed
    /// response, write or error.
    ///
    /// The bytes are normalized as they are read, with no parse tree: strings go straight into
    /// the records, and compared with `stored`, only fields that differ are built. Input that
    /// reading does not decide alike (malformed JSON or data, a repeated or escaped key) is
    /// parsed and normalized as a tree, which decides it.
    /// - Parameters:
    ///   - responseBytes: the response body, one JSON object.
    ///   - plan: the operation's plan.
    ///   - variables: the variables the operation was sent with.
    ///   - operation: the operation with its variables, for the errors kept on it.
    ///   - fetched: when the response arrived.
    ///   - stored: what the store holds now, when known, as for the parsed form.
    /// - Throws: ``IngestError``: ``IngestError/Code/invalidJSON``, ``IngestError/Code/notAResponse``,
    ///   or as the parsed form throws.
    package static func normalize(
        responseBytes: [UInt8],
        plan: OperationPlan,
        variables: JSONObject = JSONObject(),
        operation: OperationKey,
        fetched: Date? = nil,
        comparingWith stored: (any RecordSource)? = nil
    ) throws(IngestError) -> StoreWrite {
        if let write = normalizeWithoutTree(
            responseBytes: responseBytes, plan: plan, variables: variables, operation: operation, fetched: fetched,
            comparingWith: stored)
        {
            return write
        }
        return try normalizeParsing(
            responseBytes: responseBytes, plan: plan, variables: variables, operation: operation, fetched: fetched,
            comparingWith: stored)
    }

    /// The write for `responseBytes` by parsing them into a response first: what decides every
    /// input the reading straight from the bytes leaves undecided.
    package static func normalizeParsing(
        responseBytes: [UInt8], plan: OperationPlan, variables: JSONObject, operation: OperationKey, fetched: Date?,
        comparingWith stored: (any RecordSource)?
    ) throws(IngestError) -> StoreWrite {
        let json: JSONValue
        do {
            json = try JSONValue(parsing: responseBytes)
        } catch {
            throw IngestError(.invalidJSON, "the response is not JSON: \(error)", parseError: error)
        }
        let response = try GraphQLResponse(json: json)
        return try normalize(
            response, plan: plan, variables: variables, operation: operation, fetched: fetched, comparingWith: stored)
    }

    /// The write that stores one later part of an incremental response: the fields of a deferred
    /// fragment, `data`, delivered for the object at response path `path`.
    ///
    /// Guarantees: the object at `path` is found by following the plan from the root through the
    /// records `base` holds (the first payload must have been written there), and `data` is
    /// merged into its record by the selections the plan has there; fields the part does not
    /// carry stay as they are (pending or held), fields it carries must be complete below. Its
    /// `errors` are placed as ``normalize(_:plan:variables:operation:fetched:comparingWith:)`` places them; those
    /// that belong to no field are added to the errors `base` keeps on `operation`.
    /// - Parameters:
    ///   - data: the part's data, the deferred fields of one object.
    ///   - path: the response path of the object the part belongs to.
    ///   - errors: the part's errors.
    ///   - plan: the operation's plan.
    ///   - variables: the variables the operation was sent with.
    ///   - operation: the operation with its variables.
    ///   - base: what the store holds, with the first payload written.
    /// - Throws: ``IngestError`` as for a whole response, its path from the response's root; a
    ///   `path` the plan or the records do not reach is ``IngestError/Code/fieldOmitted``.
    package static func normalize<Base: RecordSource>(
        part data: JSONObject,
        at path: [GraphQLError.PathElement],
        errors: [GraphQLError] = [],
        plan: OperationPlan,
        variables: JSONObject = JSONObject(),
        operation: OperationKey,
        base: Base
    ) throws(IngestError) -> StoreWrite {
        try normalize(part: data, at: path, errors: errors, plan: plan, variables: variables, operation: operation, base: base, partial: false)
    }

    /// The write that stores `data`, a payload that may omit selected fields at any depth (an
    /// optimistic response, a local commit), over what `base` holds: as
    /// ``normalize(part:at:errors:plan:variables:operation:base:)`` at the root, except that a
    /// nested object too writes the fields it has and leaves the rest of its record as held,
    /// as Relay's optimistic updater does. A wrong kind where the plan needs an object or a list
    /// is still ``IngestError/Code/wrongKind``.
    package static func normalize<Base: RecordSource>(
        partialPayload data: JSONObject, plan: OperationPlan, variables: JSONObject, operation: OperationKey, base: Base
    ) throws(IngestError) -> StoreWrite {
        try normalize(part: data, at: [], errors: [], plan: plan, variables: variables, operation: operation, base: base, partial: true)
    }

    private static func normalize<Base: RecordSource>(
        part data: JSONObject, at path: [GraphQLError.PathElement], errors: [GraphQLError], plan: OperationPlan,
        variables: JSONObject, operation: OperationKey, base: Base, partial: Bool
    ) throws(IngestError) -> StoreWrite {
        var walk = NormalizerWalk(
            variables: variables, cacheKeys: plan.cacheKeys, typenameKey: plan.typenameKey, base: base.record,
            partial: partial)
        let root = RecordID.root(of: plan.operationType)
        guard let target = PlanPath.resolve(path, from: root, selections: plan.selections, variables: variables, record: walk.record) else {
            throw IngestError(.fieldOmitted, "the incremental part's path is not an object the response holds", path: path)
        }
        do {
            try walk.object(data, id: target.id, typename: target.typename, selections: target.selections, lenient: true)
        } catch {
            throw error.under(path)
        }
        var placement = ErrorPlacement(walk: walk, rootSelections: plan.selections, root: root)
        let unplaced = placement.place(errors)
        var write = StoreWrite(records: placement.walk.records)
        if !unplaced.isEmpty {
            write.operationErrors[operation] = (base.operation(operation)?.errors ?? []) + unplaced
        }
        return write
    }
}

extension RecordID {
    /// The record of an operation type's root: `client:root` for queries, and a root of their
    /// own for mutations and subscriptions, whose fields are not the query's.
    public static func root(of operationType: GraphQLRequest.OperationType) -> RecordID {
        switch operationType {
        case .query: return .queryRoot
        case .mutation: return RecordID("client:mutationRoot")
        case .subscription: return RecordID("client:subscriptionRoot")
        }
    }
}

extension IngestError {
    /// This error with `prefix` put before its path, as it unwinds out of a nested value.
    func under(_ prefix: [GraphQLError.PathElement]) -> IngestError {
        var copy = self
        copy.path = prefix + copy.path
        return copy
    }

    /// This error with one step put before its path.
    func under(_ step: GraphQLError.PathElement) -> IngestError {
        var copy = self
        copy.path.insert(step, at: 0)
        return copy
    }
}
