/// The mark-and-sweep of a store's records (Relay's GC): every record reachable through links
/// from the roots is kept, everything else is collected.
///
/// The roots are the records what is alive may read: what each live handle and each retained
/// operation saw on its last read, and the records of every optimistic layer. Links are followed
/// from every root except the operation root records (``RecordID/queryRoot`` and its kin), whose
/// links reach everything any operation ever fetched: they are kept, not followed.
package enum RecordCollector {
    /// The records of `records` that no root reaches.
    /// - Parameters:
    ///   - records: every record the store holds, by ID, at one moment.
    ///   - roots: the records kept and followed.
    ///   - operationRoots: records kept but whose links are not followed.
    package static func unreachable(
        in records: [RecordID: StoreRecord], roots: Set<RecordID>, operationRoots: Set<RecordID>
    ) -> [RecordID] {
        let (marked, held) = markCounting(in: records, roots: roots, operationRoots: operationRoots)
        // Every record held is marked (the usual case): nothing to sweep, no second pass.
        if held == records.count { return [] }
        var unreachable: [RecordID] = []
        for id in records.keys where !marked.contains(id) && !operationRoots.contains(id) {
            unreachable.append(id)
        }
        return unreachable.sorted()
    }

    /// Every record reachable from `roots` through the links of `records`, the roots included.
    package static func mark(
        in records: [RecordID: StoreRecord], roots: Set<RecordID>, operationRoots: Set<RecordID>
    ) -> Set<RecordID> {
        markCounting(in: records, roots: roots, operationRoots: operationRoots).marked
    }

    /// The marked records, and how many of the records held they are (the operation roots held included).
    private static func markCounting(
        in records: [RecordID: StoreRecord], roots: Set<RecordID>, operationRoots: Set<RecordID>
    ) -> (marked: Set<RecordID>, held: Int) {
        var marked = Set<RecordID>(minimumCapacity: records.count)
        var held = 0
        for root in operationRoots where records[root] != nil {
            marked.insert(root)
            held += 1
        }
        var pending: [RecordID] = []
        for root in roots where !operationRoots.contains(root) && marked.insert(root).inserted {
            pending.append(root)
        }
        while let id = pending.popLast() {
            guard let stored = records[id] else { continue }
            held += 1
            for value in stored.fields.values {
                visitLinks(value) { link in
                    if marked.insert(link).inserted { pending.append(link) }
                }
            }
        }
        return (marked, held)
    }

    /// Calls `body` with every link in `value`, lists of lists included; iterative, so a deep
    /// list cannot exhaust the stack.
    static func visitLinks(_ value: FieldValue, _ body: (RecordID) -> Void) {
        switch value {
        case .link(let id): body(id)
        case .scalar, .errors: return
        case .list(let items):
            var nested: [[FieldValue]] = []
            var current = items[...]
            while true {
                while let item = current.popFirst() {
                    switch item {
                    case .link(let id): body(id)
                    case .list(let inner): nested.append(inner)
                    case .scalar, .errors: break
                    }
                }
                guard let next = nested.popLast() else { return }
                current = next[...]
            }
        }
    }
}
