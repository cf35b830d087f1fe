extension ReadNode {
    /// This object and `other` (the same record read by other selections) as one object.
    func merged(with other: ReadNode) -> ReadNode {
        let arena = arena
        return arena.merged(
            self, other, selections: { selections.merged(with: other.selections) },
            make: { selections in
                let merged = ReadNode(record: record, typename: typename, selections: selections, fields: [:], in: arena)
                // Each node's positions index its own record's fields: the merged node holds every value itself.
                let count = self.selections.entries.count
                for index in 0..<count {
                    if let value = value(at: index) { merged.set(.value(value), at: index) }
                }
                for index in 0..<other.selections.entries.count {
                    if let value = other.value(at: index) { merged.set(.value(value), at: count + index) }
                }
                return merged
            })
    }
}
