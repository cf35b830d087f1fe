/// The records changed since a read whose nodes a read again may keep (rule 8 of ReadArena.swift),
/// as the walk asks of every node it would keep: whether the node's record is one of them.
///
/// A kept node is of a record the earlier read saw, so the records it did not see are left out.
/// What is left is few, nearly always (after a page: the connection and its `pageInfo`, the
/// page's edges being new), and then compared one by one, which costs less than a lookup per
/// node when thousands are kept.
struct ChangedRecords: Sendable {
    private let few: [RecordID]
    /// Every record changed, when more than ``mostCompared`` of them were seen.
    private let many: Set<RecordID>?

    /// The most records compared one by one.
    private static let mostCompared = 8

    /// None: a read kept from nothing.
    static let none = ChangedRecords(few: [], many: nil)

    private init(few: [RecordID], many: Set<RecordID>?) {
        self.few = few
        self.many = many
    }

    /// The records of `changed` that `seen`, the earlier read's records, holds.
    init(_ changed: Set<RecordID>, seenBy seen: SeenRecordSet) {
        var few: [RecordID] = []
        for record in changed where seen.contains(record) {
            guard few.count < Self.mostCompared else {
                self.init(few: [], many: changed)
                return
            }
            few.append(record)
        }
        self.init(few: few, many: nil)
    }

    var isEmpty: Bool { few.isEmpty && (many?.isEmpty ?? true) }

    /// Whether `filter` holds none of the records, as far as it can tell.
    func noneMayBe(in filter: RecordFilter) -> Bool {
        guard many == nil else { return false }
        for record in few where filter.mayContain(record) { return false }
        return true
    }

    func contains(_ record: RecordID) -> Bool {
        if let many { return many.contains(record) }
        for candidate in few where candidate == record { return true }
        return false
    }
}
