extension ResponseNormalizer {
    /// The write that stores the next `items` of a list streamed with `@stream`, delivered for
    /// the list at response path `path`: each item at its index after those the list holds.
    ///
    /// Guarantees: the list's parent object is found as for a deferred part; the items go at
    /// the index `path` ends with (the older format), or after the items `base` holds (the
    /// current format, whose path is the list's own); the items held before that index stay as
    /// they are, and objects without a key are identified by their index, as in a whole
    /// response. The part's `errors` are placed as a deferred part's are.
    /// - Parameters:
    ///   - items: the next items of the list.
    ///   - path: the response path of the list, or of its first new item (the older format).
    ///   - errors: the part's errors.
    ///   - plan: the operation's plan.
    ///   - variables: the variables the operation was sent with.
    ///   - operation: the operation with its variables.
    ///   - base: what the store holds, with the earlier payloads written.
    /// - Throws: ``IngestError`` as for a deferred part; a `path` the plan or the records do not
    ///   reach is ``IngestError/Code/fieldOmitted``.
    package static func normalize<Base: RecordSource>(
        items: [JSONValue],
        at path: [GraphQLError.PathElement],
        errors: [GraphQLError] = [],
        plan: OperationPlan,
        variables: JSONObject = JSONObject(),
        operation: OperationKey,
        base: Base
    ) throws(IngestError) -> StoreWrite {
        var listPath = path[...]
        var start: Int?
        if case .index(let index)? = listPath.last {
            start = index
            listPath.removeLast()
        }
        let root = RecordID.root(of: plan.operationType)
        guard case .key(let key)? = listPath.last,
            let parent = PlanPath.resolve(
                Array(listPath.dropLast()), from: root, selections: plan.selections, variables: variables, record: base.record),
            let field = PlanLookup.field(responseKey: key, in: parent.selections)
        else {
            throw IngestError(.fieldOmitted, "the streamed items' path is not a list the response holds", path: path)
        }
        let storageKey = field.storageKey(variables: variables)
        var held: [FieldValue] = []
        if case .list(let elements)? = base.record(parent.id)?.fields[storageKey] { held = elements }
        let offset = min(start ?? held.count, held.count)
        // The items are written at their indices (an object without a key is named by its index),
        // after placeholders that the items held then replace.
        let padded = JSONValue.list(Array(repeating: .null, count: offset) + items)
        var write = try normalize(
            part: [key: padded], at: Array(listPath.dropLast()), errors: errors, plan: plan, variables: variables,
            operation: operation, base: base)
        for index in write.records.indices where write.records[index].id == parent.id {
            guard case .list(var written)? = write.records[index].fields[storageKey] else { continue }
            written.replaceSubrange(0..<offset, with: held[0..<offset])
            write.records[index].fields[storageKey] = .list(written)
        }
        return write
    }
}
