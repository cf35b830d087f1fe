extension ReadNode {
    /// Whether `other`, a read by the same selections, found what this read found: the same
    /// records, each field the same stored value (field errors included) or absent alike. A
    /// handle re-read after a change elsewhere in a record it saw shows nothing new when so.
    func readsSame(as other: ReadNode) -> Bool {
        if start == other.start { return true }
        guard record == other.record, typename == other.typename else { return false }
        let count = selections.entries.count
        guard count == other.selections.entries.count else { return false }
        for index in 0..<count {
            switch (value(at: index), other.value(at: index)) {
            case (nil, nil): continue
            case (let value?, let otherValue?): guard value.readsSame(as: otherValue) else { return false }
            default: return false
            }
        }
        return true
    }
}

extension ReadValue {
    /// Whether `other` holds what this value holds, objects compared as ``ReadNode/readsSame(as:)``.
    func readsSame(as other: ReadValue) -> Bool {
        switch (self, other) {
        case (.stored(let stored), .stored(let otherStored)): return stored == otherStored
        case (.object(let node), .object(let otherNode)): return node.readsSame(as: otherNode)
        case (.list(let elements), .list(let otherElements)):
            return elements.count == otherElements.count && zip(elements, otherElements).allSatisfy { $0.readsSame(as: $1) }
        default: return false
        }
    }
}

extension DataObject {
    /// Whether `other` was read from records as this was and found the same; `false` when
    /// either was not read from records.
    func readsSame(as other: DataObject) -> Bool {
        guard let node, let otherNode = other.node else { return false }
        return node.readsSame(as: otherNode)
    }
}
