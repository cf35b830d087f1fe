/// The links between a store's records with every record numbered densely, so that a collection
/// marks in a bit set and follows integer links instead of hashing record IDs.
///
/// A store keeps one beside its records: built on the first collection, then brought up to date
/// from the records each later write changed (``invalidate(_:)``), so a collection over a store
/// that barely changed hashes only its roots. An ID named by a link gets a number before it is
/// held; it counts as held once ``update(_:record:)`` sees its record.
package struct RecordGraph: Sendable {
    private var numbers: [RecordID: Int32] = [:]
    private var ids: [RecordID] = []
    /// The numbers each held record links to, by number.
    private var links: [[Int32]] = []
    private var held: [Bool] = []
    private var heldCount = 0
    /// Records changed since the graph last looked, in the order written; may repeat.
    private var dirty: [RecordID] = []

    /// The graph of `records`.
    package init(_ records: [RecordID: StoreRecord]) {
        numbers.reserveCapacity(records.count)
        ids.reserveCapacity(records.count)
        for (id, record) in records { update(id, record: record) }
    }

    /// How many records the graph counts as held.
    package var count: Int { heldCount }

    /// Notes that `changed` (written or deleted) must be looked at again before the next mark.
    package mutating func invalidate<Changed: Sequence<RecordID>>(_ changed: Changed) {
        dirty.append(contentsOf: changed)
    }

    /// Brings every record noted by ``invalidate(_:)`` up to date from `records`.
    package mutating func refresh(from records: [RecordID: StoreRecord]) {
        guard !dirty.isEmpty else { return }
        let pending = dirty
        dirty = []
        // A store that lost most of its records renumbers, so dead numbers do not pile up.
        if ids.count > 1_024, ids.count > 4 * records.count {
            self = RecordGraph(records)
            return
        }
        for id in pending { update(id, record: records[id]) }
    }

    /// Records `id` as holding `record`'s links, or as not held when `record` is `nil`.
    package mutating func update(_ id: RecordID, record: StoreRecord?) {
        let number = Int(self.number(id))
        if let record {
            var targets: [Int32] = []
            for value in record.fields.values {
                RecordCollector.visitLinks(value) { targets.append(self.number($0)) }
            }
            links[number] = targets
            if !held[number] {
                held[number] = true
                heldCount += 1
            }
        } else {
            links[number] = []
            if held[number] {
                held[number] = false
                heldCount -= 1
            }
        }
    }

    private mutating func number(_ id: RecordID) -> Int32 {
        if let number = numbers[id] { return number }
        let number = Int32(ids.count)
        numbers[id] = number
        ids.append(id)
        links.append([])
        held.append(false)
        return number
    }

    /// The held records no root reaches, sorted: a mark from `roots` through the links (the roots
    /// kept), where `operationRoots` are kept but not followed.
    package func unreachable(roots: Set<RecordID>, operationRoots: Set<RecordID>) -> [RecordID] {
        var marked = BitSet(count: ids.count)
        var reached = 0
        var pending: [Int32] = []
        for root in operationRoots {
            guard let number = numbers[root], held[Int(number)] else { continue }
            marked.insert(Int(number))
            reached += 1
        }
        for root in roots {
            guard let number = numbers[root], !marked.contains(Int(number)) else { continue }
            marked.insert(Int(number))
            pending.append(number)
        }
        while let number = pending.popLast() {
            let position = Int(number)
            guard held[position] else { continue }
            reached += 1
            for target in links[position] where !marked.contains(Int(target)) {
                marked.insert(Int(target))
                pending.append(target)
            }
        }
        // Every record held is marked (the usual case): nothing to sweep.
        if reached == heldCount { return [] }
        var unreachable: [RecordID] = []
        for position in ids.indices where held[position] && !marked.contains(position) {
            unreachable.append(ids[position])
        }
        return unreachable.sorted()
    }
}

/// A fixed number of bits, for marking numbered records.
struct BitSet {
    private var words: [UInt64]

    init(count: Int) {
        words = Array(repeating: 0, count: (count + 63) / 64)
    }

    func contains(_ position: Int) -> Bool {
        words[position >> 6] & (1 << UInt64(position & 63)) != 0
    }

    mutating func insert(_ position: Int) {
        words[position >> 6] |= 1 << UInt64(position & 63)
    }
}
