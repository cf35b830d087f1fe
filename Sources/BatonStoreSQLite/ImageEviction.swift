import BatonCore

/// Which records to evict when the image is over its size limit: never one that a protected
/// root reaches through links, and among the rest those read or written the longest ago.
extension ImageState {
    /// The records to remove so that the records take at most `target` bytes.
    /// - Parameters:
    ///   - target: the bytes the records may take afterwards.
    ///   - roots: the records kept, with all they reach.
    func evictions(downTo target: Int, keeping roots: Set<RecordID>) -> [RecordID] {
        guard recordBytes > target else { return [] }
        let kept = reachable(from: roots)
        let candidates = entries.lazy.filter { !kept.contains($0.key) }.sorted { $0.value.used < $1.value.used }
        var bytes = recordBytes
        var chosen: [RecordID] = []
        for (id, entry) in candidates {
            guard bytes > target else { break }
            chosen.append(id)
            bytes -= entry.bytes
        }
        return chosen
    }

    /// `roots` and every record they link to, directly or through other records.
    func reachable(from roots: Set<RecordID>) -> Set<RecordID> {
        var seen: Set<RecordID> = []
        var waiting = Array(roots)
        while let id = waiting.popLast() {
            guard seen.insert(id).inserted, let record = entries[id]?.record else { continue }
            for value in record.fields.values { Self.links(in: value, into: &waiting) }
        }
        return seen
    }

    private static func links(in value: FieldValue, into found: inout [RecordID]) {
        switch value {
        case .link(let id): found.append(id)
        case .list(let elements): for element in elements { links(in: element, into: &found) }
        case .scalar, .errors: break
        }
    }
}

extension SQLiteStore {
    /// Evicts down to nine tenths of the size limit, so that the next writes do not each evict.
    /// - Returns: the records evicted.
    func evict() throws(SQLiteStoreError) -> Set<RecordID> {
        let roots = options.protectedRoots()
        let target = options.sizeLimit / 10 * 9
        return try apply { state in StoreWrite(deletions: state.evictions(downTo: target, keeping: roots)) }
    }
}
