extension ReadNode {
    /// Calls `body` with the record of this node and of every node the walk followed below it.
    func forEachRecord(_ body: (RecordID) -> Void) {
        body(record)
        for index in 0..<header.pointee.count {
            followed(at: index)?.forEachNode { $0.forEachRecord(body) }
        }
    }

    /// Whether a read again after `changed` may keep this node (rule 8): the walk found
    /// everything below it, and no record it or a node below it reads is among `changed`.
    func isKeepable(after changed: Set<RecordID>) -> Bool {
        guard isComplete, !changed.contains(record) else { return false }
        for index in 0..<header.pointee.count {
            guard let value = followed(at: index) else { continue }
            var keepable = true
            value.forEachNode { node in
                if keepable && !node.isKeepable(after: changed) { keepable = false }
            }
            if !keepable { return false }
        }
        return true
    }
}

extension ReadValue {
    /// Whether the value is the object of record `id`.
    func isObject(of id: RecordID) -> Bool {
        if case .object(let node) = self { return node.record == id }
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
