/// What a read again needs to keep a long list of objects whole without a look at each one
/// (rule 9 of ReadArena.swift): the links the list was read from, the selections every element
/// was read by, and a filter of every record below it. A connection's edges, thousands, are
/// then kept at the cost of comparing their links, when no record changed is below them.
final class KeptList: Sendable {
    /// The fewest elements a list has for a read to note it: a shorter one costs little to check element by element.
    static let shortest = 32

    /// The stored list the list was read from: one link per element.
    let links: [FieldValue]
    /// The selections every element was read by, compared by identity.
    let selections: ObjectIdentifier
    /// Every record of every element and of every node below one.
    let records: RecordFilter

    init(links: [FieldValue], selections: ReadSelections, records: RecordFilter) {
        self.links = links
        self.selections = ObjectIdentifier(selections)
        self.records = records
    }

    /// How many of `elements`, from the first, a read by `selections` after `changed` keeps
    /// as this list read them: those linking to the records this list's did, at the same
    /// index, when no record of `changed` may be below the list; none otherwise.
    func unchangedPrefix(of elements: [FieldValue], readBy selections: ReadSelections, after changed: ChangedRecords) -> Int {
        guard self.selections == ObjectIdentifier(selections), changed.noneMayBe(in: records) else { return 0 }
        let count = min(elements.count, links.count)
        for index in 0..<count where !elements[index].isSameLink(as: links[index]) { return index }
        return count
    }
}

/// A filter of record IDs, by their digests: whether it may hold an ID, with no false
/// negatives. Six bits per ID, forty-eight bits per ID planned for: about one ID in 400,000
/// not held is taken for held, which then costs a look at each element, not a wrong answer.
struct RecordFilter: Sendable {
    private var words: [UInt64]
    /// How many IDs were added (each time, held or not).
    private(set) var added = 0
    /// How many bits the filter has.
    private let bits: UInt64

    /// The bits set per ID, and the bits planned per ID.
    private static let bitsPerID = 6
    private static let plannedBitsPerID = 48

    /// An empty filter planned for `count` IDs.
    init(planned count: Int) {
        let words = max(1, (Self.plannedBitsPerID * count + 63) / 64)
        self.words = Array(repeating: 0, count: words)
        bits = UInt64(words * 64)
    }

    /// Whether more IDs were added than the filter was planned for: it then answers "may hold" more often.
    var isCrowded: Bool { UInt64(Self.plannedBitsPerID * added) > bits }

    mutating func insert(_ id: RecordID) {
        var (position, step) = Self.start(id)
        for _ in 0..<Self.bitsPerID {
            let bit = bit(at: position)
            words[bit >> 6] |= 1 << UInt64(bit & 63)
            position &+= step
        }
        added += 1
    }

    /// Whether `id` may have been added; `false`: it was not.
    func mayContain(_ id: RecordID) -> Bool {
        var (position, step) = Self.start(id)
        for _ in 0..<Self.bitsPerID {
            let bit = bit(at: position)
            guard words[bit >> 6] & (1 << UInt64(bit & 63)) != 0 else { return false }
            position &+= step
        }
        return true
    }

    /// The bit a 32-bit position falls on, scaled to the filter's bits by a multiply, not a division.
    private func bit(at position: UInt32) -> Int {
        Int((UInt64(position) &* bits) >> 32)
    }

    /// The first position of `id` and the step to each next one, from the two halves of its digest.
    private static func start(_ id: RecordID) -> (UInt32, UInt32) {
        let digest = UInt64(bitPattern: Int64(id.digest))
        return (UInt32(truncatingIfNeeded: digest), UInt32(truncatingIfNeeded: digest >> 32) | 1)
    }
}

extension FieldValue {
    /// Whether both values are links to one record, compared in place.
    fileprivate func isSameLink(as other: FieldValue) -> Bool {
        guard case .link(let id) = self, case .link(let held) = other else { return false }
        return id == held
    }
}
