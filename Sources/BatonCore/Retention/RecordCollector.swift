/// The mark-and-sweep of a store's records (Relay's GC): every record reachable through links
/// from the roots is kept, everything else is collected.
///
/// The roots are the records what is alive may read: what each live handle and each retained
/// operation saw on its last read, and the records of every optimistic layer. Links are followed
/// from every root except the operation root records (``RecordID/queryRoot`` and its kin), whose
/// links lead to everything any operation ever fetched: they are kept, not followed.
package enum RecordCollector {
    /// The records of `all` that no root reaches, in the order `all` lists them.
    /// - Parameters:
    ///   - all: every record the store holds.
    ///   - roots: the records kept and followed.
    ///   - operationRoots: records kept but whose links are not followed.
    ///   - records: the records stored under some IDs (absent ones left out), read a level at a time.
    package static func unreachable(
        all: some Sequence<RecordID>,
        roots: Set<RecordID>,
        operationRoots: Set<RecordID>,
        records: ([RecordID]) throws -> [RecordID: StoreRecord]
    ) rethrows -> [RecordID] {
        let marked = try mark(roots: roots, operationRoots: operationRoots, records: records)
        return all.filter { !marked.contains($0) && !operationRoots.contains($0) }
    }

    /// Every record reachable from `roots`, the roots included, reading the records of one
    /// level of links in one call.
    package static func mark(
        roots: Set<RecordID>, operationRoots: Set<RecordID>, records: ([RecordID]) throws -> [RecordID: StoreRecord]
    ) rethrows -> Set<RecordID> {
        var marked = Set<RecordID>(minimumCapacity: roots.count * 2)
        var level: [RecordID] = []
        for root in roots where marked.insert(root).inserted && !operationRoots.contains(root) {
            level.append(root)
        }
        while !level.isEmpty {
            var next: [RecordID] = []
            for stored in try records(level).values {
                for value in stored.fields.values {
                    visitLinks(value) { link in
                        if marked.insert(link).inserted { next.append(link) }
                    }
                }
            }
            level = next
        }
        return marked
    }

    /// Calls `body` with every link in `value`, lists of lists included; iterative, so a deep
    /// list cannot exhaust the stack.
    private static func visitLinks(_ value: FieldValue, _ body: (RecordID) -> Void) {
        switch value {
        case .link(let id): body(id)
        case .scalar, .errors: return
        case .list(let items):
            var pending = items
            while let item = pending.popLast() {
                switch item {
                case .link(let id): body(id)
                case .list(let nested): pending.append(contentsOf: nested)
                case .scalar, .errors: break
                }
            }
        }
    }
}
