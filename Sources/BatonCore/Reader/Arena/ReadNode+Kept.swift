extension ReadNode {
    /// Calls `body` with the record of this node and of every node the walk followed below it.
    func forEachRecord(_ body: (RecordID) -> Void) {
        body(record)
        for index in 0..<header.pointee.count {
            followed(at: index)?.forEachNode { $0.forEachRecord(body) }
        }
    }

    /// Whether every node below `previous` (itself included) that the read of this node, read
    /// again in its place, neither kept nor read again in place is of one of `records`: a node
    /// of the previous read dropped, or read again, whose record this read still looks up.
    func unkeptRecords(of previous: ReadNode, areIn records: Set<RecordID>) -> Bool {
        guard records.contains(previous.record) else { return false }
        for index in 0..<previous.header.pointee.count {
            guard let before = previous.followed(at: index) else { continue }
            guard Self.unkeptRecords(of: before, after: followed(at: index), areIn: records) else { return false }
        }
        return true
    }

    /// As ``unkeptRecords(of:areIn:)``, for a value `before` of the previous read and `after`,
    /// this read's at the same place.
    private static func unkeptRecords(of before: ReadValue, after: ReadValue?, areIn records: Set<RecordID>) -> Bool {
        switch (before, after) {
        case (.object(let previous), .object(let node)?):
            if node.start == previous.start { return true }
            if node.header.pointee.replaces == previous.start { return node.unkeptRecords(of: previous, areIn: records) }
        case (.list(let previous), .list(let elements)?):
            for index in previous.indices {
                // The same node kept at the same index, compared in place: the edges held.
                if index < elements.count, case .object(let before) = previous[index], case .object(let node) = elements[index],
                    node.start == before.start
                {
                    continue
                }
                let after = index < elements.count ? elements[index] : nil
                guard unkeptRecords(of: previous[index], after: after, areIn: records) else { return false }
            }
            return true
        default:
            break
        }
        // Dropped: each of its records must be looked up elsewhere.
        var held = true
        before.forEachNode { node in
            node.forEachRecord { if held && !records.contains($0) { held = false } }
        }
        return held
    }

    /// Whether a read again after `changed` may keep this node (rule 8): the walk found
    /// everything below it, and no record it or a node below it reads is among `changed`.
    func isKeepable(after changed: ChangedRecords) -> Bool {
        guard isComplete, !changed.contains(header.pointee.record) else { return false }
        return allFollowed { $0.isKeepable(after: changed) }
    }
}

extension ReadValue {
    /// Whether the value is the object of record `id`.
    func isObject(of id: RecordID) -> Bool {
        if case .object(let node) = self { return node.isRecord(id) }
        return false
    }

    /// Calls `body` with each node the value holds, in lists too.
    func forEachNode(_ body: (ReadNode) -> Void) {
        switch self {
        case .stored: return
        case .object(let node): body(node)
        case .list(let elements): for element in elements { element.forEachNode(body) }
        }
    }
}
