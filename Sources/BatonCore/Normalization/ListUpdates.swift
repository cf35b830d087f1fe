/// Applies the edge directives of a payload's fields (Relay's declarative mutation directives)
/// to the connections and records the store holds.
///
/// - `@appendEdge`/`@prependEdge(connections:)`: each edge the field holds is copied into each
///   connection, last or first, under the connection's ID for its node (`C.edges:Post:1`);
/// - `@appendNode`/`@prependNode(connections:edgeTypeName:)`: an edge of `edgeTypeName` is made
///   for each node (its cursor null: no page gave it one);
/// - a node a connection already holds is not added twice;
/// - `@deleteEdge(connections:)`: the edges whose node's key is the field's ID leave each connection;
/// - `@deleteRecord`: the record of that ID, of any type with an `id`, is deleted.
/// A connection ID the store does not hold is skipped and reported (`connection.notFound`).
package enum ListUpdates {
    /// Applies the edge directives `plan` has on the fields `write` holds.
    /// - Parameters:
    ///   - write: the write of a payload of `plan`; changed in place.
    ///   - plan: the plan of the operation.
    ///   - variables: the operation's variables, for the `connections` arguments.
    ///   - base: what the store holds under the write (with the optimistic layers, for an
    ///     optimistic payload).
    ///   - report: receives `connection.notFound` for each connection skipped.
    package static func apply(
        _ write: inout StoreWrite, plan: OperationPlan, variables: JSONObject, base: some RecordSource,
        report: (Event.Kind) -> Void
    ) {
        guard plan.hasListUpdates else { return }
        let working = WorkingWrite(write.records)
        var found: [(PlanListUpdate, FieldValue)] = []
        collect(
            plan.selections, at: RecordID.root(of: plan.operationType), variables: variables, working: working, base: base,
            into: &found)
        var updater = Updater(working: working, base: base)
        for (update, value) in found {
            updater.apply(update, value: value, variables: variables)
        }
        for connection in updater.notFound { report(.connectionNotFound(connection: connection)) }
        write.records = updater.working.records
        write.deletions += updater.deletions
    }

    /// The fields with an edge directive under the object `id`, with their values, in the order
    /// of the selections.
    private static func collect(
        _ selections: [Selection], at id: RecordID, variables: JSONObject, working: WorkingWrite, base: some RecordSource,
        into found: inout [(PlanListUpdate, FieldValue)]
    ) {
        guard let record = working.view(id, base: base) else { return }
        for field in fields(selections, typename: record.typename, variables: variables) {
            guard let value = record.fields[field.storageKey(variables: variables)] else { continue }
            for update in field.listUpdates { found.append((update, value)) }
            guard !field.selections.isEmpty else { continue }
            for link in links(value) {
                collect(field.selections, at: link, variables: variables, working: working, base: base, into: &found)
            }
        }
    }

    /// The fields `selections` select on an object of type `typename`, fragments and conditions resolved.
    private static func fields(_ selections: [Selection], typename: String, variables: JSONObject) -> [PlanField] {
        var fields: [PlanField] = []
        for selection in selections {
            switch selection {
            case .field(let field):
                fields.append(field)
            case .inlineFragment(let fragment):
                if fragment.matches(typename: typename) { fields += self.fields(fragment.selections, typename: typename, variables: variables) }
            case .fragmentSpread(let spread):
                let fragment = spread.fragment
                if fragment.typeCondition == typename || fragment.possibleTypes.contains(typename) {
                    fields += self.fields(fragment.selections, typename: typename, variables: variables)
                }
            case .condition(let condition):
                if condition.applies(variables: variables) {
                    fields += self.fields(condition.selections, typename: typename, variables: variables)
                }
            case .deferred(let deferred):
                fields += self.fields(deferred.selections, typename: typename, variables: variables)
            }
        }
        return fields
    }

    /// The links a value holds, through lists.
    static func links(_ value: FieldValue) -> [RecordID] {
        switch value {
        case .link(let id): return [id]
        case .list(let elements): return elements.flatMap(links)
        case .scalar, .errors: return []
        }
    }

    /// Where an edge goes in a connection's edges.
    package enum EdgePosition: Sendable, Hashable {
        /// First.
        case start
        /// Last.
        case end
        /// Just after the edge with this cursor (last when none has it).
        case after(cursor: String)
        /// Just before the edge with this cursor (first when none has it).
        case before(cursor: String)
    }

    /// `connection` with copies of `edges` (each holding its node) in its edges at `position`,
    /// each under the connection's ID for its node (`C.edges:Post:1`), except those whose node
    /// it holds already; `nil` when none is added. What the edge directives and an updater's
    /// ``RecordProxy/insertEdgeAfter(_:cursor:)`` both do.
    /// - Parameter records: the records as they are now, to read the held edges' nodes and cursors.
    /// - Returns: the connection changed, and the edges to write.
    package static func inserting(
        _ edges: [StoreRecord], into connection: StoreRecord, at position: EdgePosition, records: (RecordID) -> StoreRecord?
    ) -> (connection: StoreRecord, edges: [StoreRecord])? {
        let kept = edgeLinks(connection)
        var held = kept
        var added: [StoreRecord] = []
        for edge in edges {
            guard case .link(let node)? = edge.fields[ConnectionMerge.Keys.node] else { continue }
            let id = RecordID(connection.id.rawValue + ".edges:" + node.rawValue)
            guard !held.contains(id), !held.contains(where: { Self.node(of: $0, records) == node }) else { continue }
            added.append(StoreRecord(id: id, typename: edge.typename, fields: edge.fields))
            held.append(id)
        }
        guard !added.isEmpty else { return nil }
        let ids = added.map(\.id)
        let index: Int
        switch position {
        case .start: index = 0
        case .end: index = kept.count
        case .after(let cursor): index = kept.firstIndex { Self.cursor(of: $0, records) == cursor }.map { $0 + 1 } ?? kept.count
        case .before(let cursor): index = kept.firstIndex { Self.cursor(of: $0, records) == cursor } ?? 0
        }
        var connection = connection
        var links = kept
        links.insert(contentsOf: ids, at: index)
        connection.fields[ConnectionMerge.Keys.edges] = .list(links.map(FieldValue.link))
        return (connection, added)
    }

    /// `connection` without the edges whose node `nodes` picks; `nil` when it holds none.
    /// - Parameter records: the records as they are now, to read the edges' nodes.
    package static func removing(
        from connection: StoreRecord, nodes: (RecordID) -> Bool, records: (RecordID) -> StoreRecord?
    ) -> StoreRecord? {
        let edges = edgeLinks(connection)
        let kept = edges.filter { edge in
            guard let node = node(of: edge, records) else { return true }
            return !nodes(node)
        }
        guard kept.count != edges.count else { return nil }
        var connection = connection
        connection.fields[ConnectionMerge.Keys.edges] = .list(kept.map(FieldValue.link))
        return connection
    }

    /// The node an edge links to.
    private static func node(of edge: RecordID, _ records: (RecordID) -> StoreRecord?) -> RecordID? {
        if case .link(let node)? = records(edge)?.fields[ConnectionMerge.Keys.node] { return node }
        return nil
    }

    /// An edge's cursor, when a string.
    private static func cursor(of edge: RecordID, _ records: (RecordID) -> StoreRecord?) -> String? {
        if case .scalar(.string(let cursor))? = records(edge)?.fields[ConnectionMerge.Keys.cursor] { return cursor }
        return nil
    }

    /// The edges a connection record links to, in order.
    static func edgeLinks(_ connection: StoreRecord) -> [RecordID] {
        guard case .list(let elements)? = connection.fields[ConnectionMerge.Keys.edges] else { return [] }
        return elements.compactMap { if case .link(let id) = $0 { return id } else { return nil } }
    }

    /// The IDs a scalar value holds, through lists.
    static func ids(_ value: FieldValue) -> [String] {
        switch value {
        case .scalar(let json):
            if case .list(let elements) = json { return elements.compactMap { RecordIdentity.keyText($0) } }
            return RecordIdentity.keyText(json).map { [$0] } ?? []
        case .list(let elements): return elements.flatMap(ids)
        case .link, .errors: return []
        }
    }
}

/// Applies edge directives one by one to a working write.
private struct Updater<Base: RecordSource> {
    var working: WorkingWrite
    let base: Base
    var deletions: [RecordID] = []
    /// The connections named that the store does not hold, in the order named.
    var notFound: [RecordID] = []

    init(working: WorkingWrite, base: Base) {
        self.working = working
        self.base = base
    }

    mutating func apply(_ update: PlanListUpdate, value: FieldValue, variables: JSONObject) {
        switch update {
        case .appendEdge(let connections), .prependEdge(let connections):
            let atEnd = if case .appendEdge = update { true } else { false }
            let edges = ListUpdates.links(value).compactMap { working.view($0, base: base) }
            for connection in Self.connections(connections, variables: variables) {
                insert(edges, into: connection, atEnd: atEnd)
            }
        case .appendNode(let connections, let edgeTypeName), .prependNode(let connections, let edgeTypeName):
            let atEnd = if case .appendNode = update { true } else { false }
            let edges = ListUpdates.links(value).map { node in
                StoreRecord(
                    id: node, typename: edgeTypeName,
                    fields: [ConnectionMerge.Keys.node: .link(node), ConnectionMerge.Keys.cursor: .scalar(.null)])
            }
            for connection in Self.connections(connections, variables: variables) {
                insert(edges, into: connection, atEnd: atEnd)
            }
        case .deleteEdge(let connections):
            let keys = Set(ListUpdates.ids(value))
            for connection in Self.connections(connections, variables: variables) {
                deleteEdges(ofNodesKeyed: keys, from: connection)
            }
        case .deleteRecord(let typenames):
            for key in ListUpdates.ids(value) {
                for typename in typenames {
                    let id = RecordID(typename + ":" + key)
                    guard working.view(id, base: base) != nil else { continue }
                    working.drop(id, andUnder: id.rawValue + ".")
                    deletions.append(id)
                }
            }
        }
    }

    /// The connection IDs an argument resolves to.
    private static func connections(_ value: PlanValue, variables: JSONObject) -> [RecordID] {
        switch value.resolved(variables: variables) {
        case .list(let elements)?: return elements.compactMap { RecordIdentity.keyText($0).map(RecordID.init) }
        case let single?: return RecordIdentity.keyText(single).map { [RecordID($0)] } ?? []
        case nil: return []
        }
    }

    /// Puts copies of `edges` (each holding its node) into `connection`, last or first, except
    /// those whose node the connection holds already.
    private mutating func insert(_ edges: [StoreRecord], into connection: RecordID, atEnd: Bool) {
        guard let record = working.view(connection, base: base) else {
            notFound.append(connection)
            return
        }
        let (working, base) = (working, base)
        guard
            let inserted = ListUpdates.inserting(
                edges, into: record, at: atEnd ? .end : .start, records: { working.view($0, base: base) })
        else { return }
        for edge in inserted.edges { self.working.put(edge) }
        self.working.put(inserted.connection)
    }

    /// Takes out of `connection` every edge whose node's key (its ID past the typename) is in `keys`.
    private mutating func deleteEdges(ofNodesKeyed keys: Set<String>, from connection: RecordID) {
        guard let record = working.view(connection, base: base) else {
            notFound.append(connection)
            return
        }
        let (working, base) = (working, base)
        let kept = ListUpdates.removing(
            from: record,
            nodes: { node in
                guard let colon = node.rawValue.firstIndex(of: ":") else { return false }
                return keys.contains(String(node.rawValue[node.rawValue.index(after: colon)...]))
            }, records: { working.view($0, base: base) })
        if let kept { self.working.put(kept) }
    }

}
