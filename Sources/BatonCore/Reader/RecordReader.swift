/// Reads an operation's or a fragment's data back out of normalized records: Baton's reader.
/// Its result is read through the same generated types as a response, so one generated struct
/// reads a response or the store alike.
package enum RecordReader {
    /// Reads the data `plan` selects from the records of `source`, starting at the root record.
    ///
    /// Guarantees: the data has exactly what the records hold under each selected field's storage
    /// key (arguments resolved under `variables`), aliases and type conditions applied, each
    /// error kept beside a field back at its place (its path as this read sees it), and nothing
    /// invented: a field a record lacks stays absent, is listed once in ``RecordRead/missing``
    /// and reported once to `events` as a `missing` event (the handle that starts a fetch to
    /// heal it also says so on standard error in a debug build: ``LoudMissingData``), and reads
    /// through the generated types as its zero value. A
    /// deferred fragment none of whose fields has arrived is pending, not missing. Every record
    /// looked up, held or not, is in ``RecordRead/seenRecords``. The errors kept on `operation`
    /// follow the field errors in ``RecordRead/errors``. It never throws and never traps; the
    /// verdicts of the operation's directives come with `Data(_:)`.
    /// - Parameters:
    ///   - plan: the operation's plan.
    ///   - variables: the variables the data was fetched with.
    ///   - operation: the operation with its variables, whose kept errors to include; `nil` for none.
    ///   - source: the records to read, from one moment.
    ///   - events: where `missing` and `unexpected` events go.
    /// - Returns: the data with what the read found.
    package static func read<Source: RecordSource>(
        _ plan: OperationPlan,
        variables: JSONObject = JSONObject(),
        operation: OperationKey? = nil,
        from source: Source,
        events: (any EventSink)? = nil
    ) -> RecordRead {
        let operationErrors = operation.flatMap { source.operation($0)?.errors } ?? []
        // A lookup root field the root record lacks reads the record its arguments name.
        let records = RootLookups.records(
            plan, variables: variables, records: { source.record($0) },
            report: { events?.receive(Event($0, operationName: plan.name)) })
        return read(
            selections: plan.selections, owner: plan.name, at: .root(of: plan.operationType), operationName: plan.name,
            operation: operation, operationErrors: operationErrors, typenameKey: plan.typenameKey, variables: variables,
            records: records, events: events)
    }

    /// Reads the data a fragment selects from the records of `source`, starting at `record`: as
    /// ``read(_:variables:operation:from:events:)``, with the fragment as the owner and the
    /// record as the root (paths start there). On a record `source` lacks, every field the
    /// fragment selects is missing.
    /// - Parameters:
    ///   - fragment: the fragment's plan.
    ///   - record: the record the fragment is read on.
    ///   - variables: the variables of the operation that fetched it.
    ///   - operation: the operation with its variables that owns the data, named in the
    ///     references the read's fragment views give; `nil` for none.
    ///   - operationName: the owning operation's name, named in events.
    ///   - source: the records to read, from one moment.
    ///   - events: where `missing` and `unexpected` events go.
    ///   - previous: the previous read of the same fragment on the same record with the same
    ///     variables, with the records changed since: the read keeps what it found below which
    ///     nothing changed, instead of reading it again, and gives what a read anew would.
    /// - Returns: the data with what the read found.
    package static func read<Source: RecordSource>(
        fragment: FragmentPlan,
        at record: RecordID,
        variables: JSONObject = JSONObject(),
        operation: OperationKey? = nil,
        operationName: String? = nil,
        from source: Source,
        events: (any EventSink)? = nil,
        reusing previous: PreviousRead? = nil
    ) -> RecordRead {
        // On a record the source lacks, the type condition cannot hold: every field is missing,
        // not absent as a spread whose condition fails.
        let isHeld = source.record(record) != nil
        let selections: [Selection] = isHeld ? [.fragmentSpread(FragmentSpread(fragment: fragment))] : fragment.selections
        // A previous read over the record held, as it is now, read by the same selections.
        let previous = previous.flatMap { previous in
            guard isHeld, let node = previous.read.data.storage.node, previous.read.data.inner == nil, node.typename != nil,
                node.record == record, node.arena.isKeepable
            else { return nil as (ReadNode, ChangedRecords)? }
            return (node, ChangedRecords(previous.changed, seenBy: previous.read.seen))
        }
        return read(
            selections: selections, owner: fragment.name, at: record,
            operationName: operationName, operation: operation, operationErrors: [], typenameKey: fragment.typenameKey, variables: variables,
            records: { source.record($0) }, events: events, previous: previous)
    }

    /// A read to read again after a change, keeping what it found below which nothing changed.
    package struct PreviousRead: Sendable {
        /// The read, of the same selections on the same record with the same variables.
        package var read: RecordRead
        /// The records changed since it was made.
        package var changed: Set<RecordID>

        package init(read: RecordRead, changed: Set<RecordID>) {
            self.read = read
            self.changed = changed
        }
    }

    private static func read(
        selections: [Selection], owner: String, at root: RecordID, operationName: String?,
        operation: OperationKey?, operationErrors: [GraphQLError], typenameKey: String, variables: JSONObject,
        records: @escaping (RecordID) -> StoreRecord?, events: (any EventSink)?, previous: (ReadNode, ChangedRecords)? = nil
    ) -> RecordRead {
        let arena = previous.map { ReadArena(after: $0.0) } ?? ReadArena(selections: ReadSelections(selections, variables: variables))
        let compiled = arena.selections
        var walk = RecordReaderWalk(source: records, variables: variables, arena: arena, changed: previous?.1 ?? .none)
        let node = walk.object(root, selections: compiled, owner: owner, previous: previous?.0)
        walk.arena.walkEnded(root: node)
        let trace = StoreReadTrace(missing: walk.missingAt, variables: variables)
        var context = ReadContext(events: events, operationName: operationName, variables: variables)
        context.trace = trace
        context.typenameKey = typenameKey
        context.operation = operation
        for field in walk.missing {
            context.report(.missing(fragment: field.owner, record: field.record, field: field.field))
        }
        for error in walk.errors {
            context.report(.fieldError(path: error.path ?? [], code: error.code))
        }
        let errors = walk.errors + operationErrors
        let data = DataObject(node: node, errors: errors, owner: owner, record: root, context: context)
        return RecordRead(
            data: data, errors: errors, operationErrors: operationErrors, nodesIn: walk.arena, missing: walk.missing)
    }
}

extension OperationData {
    /// Reads an operation's data as ``RecordReader`` found it in the store, with the same
    /// verdicts as a read of the response.
    /// - Parameter read: what ``RecordReader/read(_:variables:operation:from:events:)`` returned.
    /// - Throws: ``DataError`` as ``init(data:errors:variables:events:)`` throws.
    package init(_ read: RecordRead) throws(DataError) {
        try self.init(root: read.data, allErrors: read.errors)
    }
}
