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

extension FieldValue {
    /// Whether both values are links to one record, compared in place.
    fileprivate func isSameLink(as other: FieldValue) -> Bool {
        guard case .link(let id) = self, case .link(let held) = other else { return false }
        return id == held
    }
}
