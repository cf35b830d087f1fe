/// Where a refetchable fragment's `@connection` field is, and what the store holds of its pages:
/// what a pagination handle reads to know whether there is more and which cursor to load after.
package struct ConnectionPage: Sendable, Hashable {
    /// A direction of paging (Relay's `loadNext` and `loadPrevious`).
    package enum Direction: Sendable, Hashable {
        /// After the connection's `endCursor`, with `first`/`after`.
        case forward
        /// Before its `startCursor`, with `last`/`before`.
        case backward
    }

    /// Whether the server said there is more in the direction.
    var hasMore = false
    /// The cursor of the connection's last (forward) or first (backward) edge.
    var cursor: String?

    /// The fields from a fragment's object down to its first `@connection` field (the last),
    /// through inline fragments, spreads and conditions; `nil` when it has none.
    static func path(in selections: [Selection]) -> [PlanField]? {
        for selection in selections {
            switch selection {
            case .field(let field):
                if field.connection != nil { return [field] }
                if let below = path(in: field.selections) { return [field] + below }
            case .inlineFragment(let fragment):
                if let found = path(in: fragment.selections) { return found }
            case .fragmentSpread(let spread):
                if let found = path(in: spread.fragment.selections) { return found }
            case .condition(let condition):
                if let found = path(in: condition.selections) { return found }
            case .deferred(let deferred):
                if let found = path(in: deferred.selections) { return found }
            }
        }
        return nil
    }

    /// The variable names a connection field pages with in `direction`: its count's and its cursor's.
    static func variables(of field: PlanField, _ direction: Direction) -> (count: String?, cursor: String?) {
        func variable(_ argument: String) -> String? {
            guard case .variable(let name)? = field.arguments.first(where: { $0.name == argument })?.value else { return nil }
            return name
        }
        switch direction {
        case .forward: return (variable("first"), variable("after"))
        case .backward: return (variable("last"), variable("before"))
        }
    }

    /// What `source` holds of the connection at `path` under `record`, read with `variables`
    /// (which pick the connection by its filters): `nil` when the store holds none.
    static func read(
        _ direction: Direction, path: [PlanField], from record: RecordID, variables: JSONObject, in source: some RecordSource
    ) -> ConnectionPage? {
        var current = record
        for field in path {
            guard case .link(let next)? = source.record(current)?.fields[field.storageKey(variables: variables)] else { return nil }
            current = next
        }
        guard case .link(let pageInfoID)? = source.record(current)?.fields[FieldKey("pageInfo")],
            let pageInfo = source.record(pageInfoID)
        else { return ConnectionPage() }
        let (more, cursor) = direction == .forward ? ("hasNextPage", "endCursor") : ("hasPreviousPage", "startCursor")
        var page = ConnectionPage()
        if case .scalar(.bool(let value))? = pageInfo.fields[FieldKey(more)] { page.hasMore = value }
        if case .scalar(.string(let value))? = pageInfo.fields[FieldKey(cursor)] { page.cursor = value }
        return page
    }

    /// Whether a page can be loaded: the server said there is more, after a cursor (Relay's `hasNext`).
    var canLoad: Bool { hasMore && cursor != nil }
}
