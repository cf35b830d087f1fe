/// The records a read looked up, as a set that extends another without copying it: a read after
/// a page is the read before's records and the page's, and copying (then freeing) thousands of
/// edges' IDs on every page would cost more than the page.
///
/// A set is a chain of layers, each holding records none below it holds, so iterating gives each
/// record once. Extending a set more than ``deepestChain`` layers deep flattens it into one.
struct SeenRecordSet: Sendable, Sequence, Equatable, ExpressibleByArrayLiteral {
    fileprivate final class Layer: Sendable {
        let records: Set<RecordID>
        let below: Layer?
        /// The records of this layer and every one below it.
        let count: Int
        /// How many layers this one is, itself included.
        let depth: Int

        init(_ records: Set<RecordID>, below: Layer?) {
            self.records = records
            self.below = below
            count = records.count + (below?.count ?? 0)
            depth = (below?.depth ?? 0) + 1
        }
    }

    /// The most layers a set extends before it is flattened: each lookup searches every layer.
    static let deepestChain = 8

    private var top: Layer?

    /// No records.
    init() { top = nil }

    /// The records of `records`.
    init(_ records: Set<RecordID>) {
        top = records.isEmpty ? nil : Layer(records, below: nil)
    }

    init(arrayLiteral elements: RecordID...) { self.init(Set(elements)) }

    private init(top: Layer?) { self.top = top }

    var count: Int { top?.count ?? 0 }

    var isEmpty: Bool { top == nil }

    func contains(_ record: RecordID) -> Bool {
        var layer = top
        while let current = layer {
            if current.records.contains(record) { return true }
            layer = current.below
        }
        return false
    }

    /// This set with `added`, none of which it holds (the caller filtered them).
    func adding(disjoint added: Set<RecordID>) -> SeenRecordSet {
        assert(added.allSatisfy { !contains($0) }, "records added to a seen set already in it")
        guard !added.isEmpty else { return self }
        guard let top, top.depth < Self.deepestChain else {
            var all = Set<RecordID>(minimumCapacity: count + added.count)
            for record in self { all.insert(record) }
            all.formUnion(added)
            return SeenRecordSet(all)
        }
        return SeenRecordSet(top: Layer(added, below: top))
    }

    /// This set with the records of `other` it lacks.
    func union<Other: Sequence>(_ other: Other) -> SeenRecordSet where Other.Element == RecordID {
        var added = Set<RecordID>()
        for record in other where !contains(record) { added.insert(record) }
        return adding(disjoint: added)
    }

    mutating func formUnion<Other: Sequence>(_ other: Other) where Other.Element == RecordID {
        self = union(other)
    }

    /// The records as one `Set`.
    var set: Set<RecordID> {
        guard let top else { return [] }
        if top.below == nil { return top.records }
        return Set(self)
    }

    static func == (lhs: SeenRecordSet, rhs: SeenRecordSet) -> Bool {
        if lhs.top === rhs.top { return true }
        return lhs.count == rhs.count && lhs.allSatisfy(rhs.contains)
    }

    struct Iterator: IteratorProtocol {
        fileprivate var records: Set<RecordID>.Iterator?
        fileprivate var below: Layer?

        mutating func next() -> RecordID? {
            while true {
                if let record = records?.next() { return record }
                guard let layer = below else { return nil }
                records = layer.records.makeIterator()
                below = layer.below
            }
        }
    }

    func makeIterator() -> Iterator { Iterator(records: nil, below: top) }

    var underestimatedCount: Int { count }
}
