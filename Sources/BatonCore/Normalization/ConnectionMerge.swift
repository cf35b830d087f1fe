/// Merges the pages of `@connection` fields a write holds into the connections the store holds,
/// by Relay's ConnectionHandler rules.
///
/// The normalizer writes a page as any object: the connection record (its ID the parent's ID and
/// the connection's storage key), its `pageInfo` and its edges at their paths (`….edges.0`). The
/// merge then builds the connection from what the store holds:
/// - no `after` or `before` argument: the page replaces the connection;
/// - `after` equal to the connection's `endCursor`: the page's edges are appended; `before` equal
///   to its `startCursor`: prepended; a page after (or before) any other cursor is dropped from
///   the write and reported (`connection.pageIgnored`); the first page of a connection the store
///   does not hold yet is taken as it is, whatever its cursor;
/// - edges are deduplicated by node: the first occurrence wins on append, the new one on prepend;
///   null edges are dropped;
/// - `pageInfo` merges per direction: an append takes `hasNextPage` and (when the page has edges)
///   `endCursor`, a prepend `hasPreviousPage` and `startCursor`; a replace takes the page's.
///
/// An edge is stored under an ID of the connection's and its node's (`….edges:Post:1`), or its
/// cursor's for a node without a key, so one node has one edge in a connection across pages.
package enum ConnectionMerge {
    /// Merges every connection page in `write` into the connection `base` holds.
    /// - Parameters:
    ///   - write: a write of a response (or a part, or a payload) of `plan`; changed in place.
    ///   - plan: the plan whose `@connection` fields the write may hold pages of.
    ///   - variables: the variables the page was fetched with (its `after` and `before`).
    ///   - base: what the store holds, without this write.
    ///   - extendingPages: whether each page is one merged before, grown by edges streamed
    ///     (`@stream` on `edges`): its edges then replace the connection's, whatever its cursors.
    ///   - report: receives `connection.pageIgnored` for each page dropped.
    package static func merge(
        _ write: inout StoreWrite, plan: OperationPlan, variables: JSONObject, base: some RecordSource,
        extendingPages: Bool = false, report: (Event.Kind) -> Void
    ) {
        guard !plan.connectionFields.isEmpty, !write.records.isEmpty else { return }
        let pages = plan.connectionFields.map { PageArguments($0, variables: variables, ignoringCursors: extendingPages) }
        var working = WorkingWrite(write.records)
        for (connection, page) in connections(in: write.records, pages: pages) {
            if !merge(connection, page: page, into: &working, base: base) {
                report(.connectionPageIgnored(connection: connection))
            }
        }
        write.records = working.records
    }

    /// The connection records a write holds pages of, each once, with the page's arguments: a
    /// record under a connection's storage key, or its `pageInfo` alone (a page whose connection
    /// record the write left out as held).
    private static func connections(in records: [StoreRecord], pages: [PageArguments]) -> [(RecordID, PageArguments)] {
        var found: [(RecordID, PageArguments)] = []
        var seen: Set<RecordID> = []
        for record in records {
            let raw = record.id.rawValue
            for page in pages {
                let id: RecordID
                if raw.hasByteSuffix(page.suffix) {
                    id = record.id
                } else if raw.hasByteSuffix(page.pageInfoSuffix) {
                    id = RecordID(String(raw.dropLast(Keys.pageInfoPath.count)))
                } else {
                    continue
                }
                if seen.insert(id).inserted { found.append((id, page)) }
                break
            }
        }
        return found
    }

    /// Merges the page of `connection` the write holds. - Returns: `false` when the page was
    /// ignored (and dropped from the write).
    private static func merge(
        _ connection: RecordID, page: PageArguments, into working: inout WorkingWrite, base: some RecordSource
    ) -> Bool {
        let held = base.record(connection)
        guard let pageRecord = working.view(connection, base: base) else { return true }
        let mode: Mode
        if let after = page.after, let held {
            guard cursor(Keys.endCursor, of: held, base: base) == after else {
                working.drop(connection, andUnder: connection.rawValue + ".")
                return false
            }
            mode = .append
        } else if let before = page.before, page.after == nil, let held {
            guard cursor(Keys.startCursor, of: held, base: base) == before else {
                working.drop(connection, andUnder: connection.rawValue + ".")
                return false
            }
            mode = .prepend
        } else {
            mode = .replace
        }
        var edges = EdgeRenaming(connection: connection, reserving: Self.count(pageRecord.fields[Keys.edges]))
        // An edge's record is the write's own (the normalizer wrote it at its path), read as it
        // is: the store holds none at a page's path but for a page stored before it merged.
        let pageEdges = links(pageRecord.fields[Keys.edges]) { edges.rename($0, edge: working.written($0) ?? base.record($0)) }
        // The edges held are one per node already: no need to deduplicate them again.
        let heldEdges = held?.fields[Keys.edges]
        let merged: [FieldValue]
        switch mode {
        case .replace:
            merged = pageEdges.map(FieldValue.link)
        case .append:
            // The first occurrence wins: a page's edge for a node held stays out of the write.
            let pageEdgeSet = PageEdgeSet(edges.taken)
            var alreadyHeld: Set<RecordID> = []
            // Copied once into storage of the merged list's size, link by link in one pass that
            // also finds the page's edges held (a bitmap of the page's edges first, which most
            // edges held miss): appended to as it is, the list held would be
            // copied into storage of twice its size, and a copy of the whole list copies each
            // element through its type's generic witness.
            var appended: [FieldValue] = []
            appended.reserveCapacity(count(heldEdges) + pageEdges.count)
            if case .list(let elements)? = heldEdges {
                for element in elements where element.isLink {
                    appended.append(element)
                    if case .link(let id) = element, pageEdgeSet.contains(id) { alreadyHeld.insert(id) }
                }
            }
            edges.dropping(alreadyHeld)
            for id in pageEdges where !alreadyHeld.contains(id) { appended.append(.link(id)) }
            merged = appended
        case .prepend:
            let pageSet = edges.taken
            merged =
                pageEdges.map(FieldValue.link)
                + heldLinks(heldEdges).filter {
                    guard case .link(let id) = $0 else { return false }
                    return !pageSet.contains(id)
                }
        }
        working.rename(under: edges.prefix, edges.renamed)
        var record = pageRecord
        record.fields[Keys.recordID] = .scalar(.string(connection.rawValue))
        if case .list? = pageRecord.fields[Keys.edges] {
            record.fields[Keys.edges] = .list(merged)
        } else if mode != .replace, let heldList = heldEdges {
            // A page whose edges failed adds nothing to the edges held.
            record.fields[Keys.edges] = heldList
        }
        working.put(record)
        if mode != .replace, case .link(let pageInfo)? = pageRecord.fields[Keys.pageInfo] {
            mergePageInfo(pageInfo, forward: mode == .append, pageHasEdges: !pageEdges.isEmpty, into: &working, base: base)
        }
        return true
    }

    /// Merges the page's `pageInfo` into the one held, in the page's direction.
    private static func mergePageInfo(
        _ id: RecordID, forward: Bool, pageHasEdges: Bool, into working: inout WorkingWrite, base: some RecordSource
    ) {
        guard let fromPage = working.view(id, base: base) else { return }
        var merged = base.record(id) ?? fromPage
        let (hasMore, cursor) = forward ? (Keys.hasNextPage, Keys.endCursor) : (Keys.hasPreviousPage, Keys.startCursor)
        if let value = fromPage.fields[hasMore] { merged.fields[hasMore] = value }
        if pageHasEdges, let value = fromPage.fields[cursor] { merged.fields[cursor] = value }
        working.put(merged)
    }

    /// The cursor `key` of the `pageInfo` of the connection `record`, when a string.
    private static func cursor(_ key: FieldKey, of record: StoreRecord, base: some RecordSource) -> String? {
        guard case .link(let pageInfo)? = record.fields[Keys.pageInfo],
            case .scalar(.string(let cursor))? = base.record(pageInfo)?.fields[key]
        else { return nil }
        return cursor
    }

    /// How many elements a list value holds; none for anything else.
    private static func count(_ value: FieldValue?) -> Int {
        guard case .list(let elements)? = value else { return 0 }
        return elements.count
    }

    /// The links of the `edges` a connection holds: the list itself when it holds links alone.
    private static func heldLinks(_ value: FieldValue?) -> [FieldValue] {
        guard case .list(let elements)? = value else { return [] }
        let linksAlone = elements.allSatisfy {
            if case .link = $0 { return true }
            return false
        }
        return linksAlone ? elements : elements.filter { if case .link = $0 { true } else { false } }
    }

    /// The links of an `edges` value, each through `map`, null edges and those `map` drops left out.
    private static func links(_ value: FieldValue?, _ map: (RecordID) -> RecordID?) -> [RecordID] {
        guard case .list(let elements)? = value else { return [] }
        var result: [RecordID] = []
        result.reserveCapacity(elements.count)
        for element in elements {
            if case .link(let id) = element, let mapped = map(id) { result.append(mapped) }
        }
        return result
    }

    /// A page's edge IDs, looked up by each of the thousands of edges held: a bitmap of their
    /// digests first (4,096 bits: about 1 held edge in 80 passes it for a page of 50), which
    /// most held edges miss, then the set.
    fileprivate struct PageEdgeSet {
        private var bits = [UInt64](repeating: 0, count: 64)
        let ids: Set<RecordID>

        init(_ ids: Set<RecordID>) {
            self.ids = ids
            for id in ids { bits[Self.word(id)] |= Self.bit(id) }
        }

        func contains(_ id: RecordID) -> Bool {
            bits[Self.word(id)] & Self.bit(id) != 0 && ids.contains(id)
        }

        private static func word(_ id: RecordID) -> Int { (id.digest >> 6) & 63 }
        private static func bit(_ id: RecordID) -> UInt64 { 1 << UInt64(id.digest & 63) }
    }

    private enum Mode {
        case replace, append, prepend
    }

    /// The storage keys the merge reads (Relay's connection spec names them).
    enum Keys {
        static let edges = FieldKey("edges")
        static let node = FieldKey("node")
        static let cursor = FieldKey("cursor")
        static let pageInfo = FieldKey("pageInfo")
        static let endCursor = FieldKey("endCursor")
        static let startCursor = FieldKey("startCursor")
        static let hasNextPage = FieldKey("hasNextPage")
        static let hasPreviousPage = FieldKey("hasPreviousPage")
        static let pageInfoPath = ".pageInfo"
        /// The connection's own ID, readable as `__id` (Relay).
        static let recordID = FieldKey("__id")
    }

    /// A connection field's storage key and the page's cursors, under the write's variables.
    private struct PageArguments {
        /// `.` and the storage key: how a connection record's ID ends.
        let suffix: String
        let pageInfoSuffix: String
        let after: String?
        let before: String?

        init(_ field: PlanField, variables: JSONObject, ignoringCursors: Bool) {
            suffix = "." + field.storageKey(variables: variables).rawValue
            pageInfoSuffix = suffix + Keys.pageInfoPath
            func cursor(_ name: String) -> String? {
                guard let argument = field.arguments.first(where: { $0.name == name }),
                    case .string(let text)? = argument.value.resolved(variables: variables)
                else { return nil }
                return text
            }
            after = ignoringCursors ? nil : cursor("after")
            before = ignoringCursors ? nil : cursor("before")
        }
    }
}

/// The IDs a page's edges take in their connection: the normalizer's path IDs (`C.edges.3`)
/// become IDs of the connection and the node (`C.edges:Post:1`), or the cursor.
private struct EdgeRenaming {
    /// `C.edges.`: what every path ID of the page's edges and the objects below it starts with.
    let prefix: String
    private let connection: RecordID
    /// New IDs of the page's edges by their index in the page; `nil` (or past the end):
    /// dropped from the write.
    private(set) var renamed: [RecordID?] = []
    /// The IDs given so far, each to its first edge: once every edge is renamed, those of the page.
    private(set) var taken: Set<RecordID> = []

    /// Renaming for the page of `connection`, of about `count` edges.
    init(connection: RecordID, reserving count: Int) {
        self.connection = connection
        prefix = connection.rawValue + ".edges."
        renamed.reserveCapacity(count)
        taken.reserveCapacity(count)
    }

    /// The ID the edge `id` of the page takes, an ID already the connection's staying; `nil`
    /// when an edge before it took the same (a node twice in one page: its first edge wins).
    mutating func rename(_ id: RecordID, edge: StoreRecord?) -> RecordID? {
        let raw = id.rawValue
        guard raw.hasBytePrefix(prefix), let index = WorkingWrite.index(raw.utf8.dropFirst(prefix.utf8.count)) else {
            return taken.insert(id).inserted ? id : nil
        }
        let newID: RecordID
        if case .link(let node)? = edge?.fields[ConnectionMerge.Keys.node], !node.rawValue.isBytePath(below: raw) {
            newID = RecordID(Self.joined(connection.rawValue, ".edges:", node.rawValue))
        } else if case .scalar(.string(let cursor))? = edge?.fields[ConnectionMerge.Keys.cursor] {
            newID = RecordID(Self.joined(connection.rawValue, ".edges@", cursor))
        } else {
            newID = id
        }
        let kept: RecordID? = taken.insert(newID).inserted ? newID : nil
        if index >= renamed.count { renamed.append(contentsOf: repeatElement(nil, count: index + 1 - renamed.count)) }
        renamed[index] = kept
        return kept
    }

    /// `first`, `separator` and `last` in one string, made in storage of its size at once.
    private static func joined(_ first: String, _ separator: String, _ last: String) -> String {
        var text = ""
        text.reserveCapacity(first.utf8.count + separator.utf8.count + last.utf8.count)
        text.append(first)
        text.append(separator)
        text.append(last)
        return text
    }

    /// Drops from the write the page's edges that took one of `ids`.
    mutating func dropping(_ ids: Set<RecordID>) {
        guard !ids.isEmpty else { return }
        for index in renamed.indices {
            if let id = renamed[index], ids.contains(id) { renamed[index] = nil }
        }
    }
}

extension FieldValue {
    /// Whether the value is a link.
    fileprivate var isLink: Bool {
        if case .link = self { return true }
        return false
    }
}
