extension [StoreRecord] {
    /// Adds `record` to the records a walk has written, or merges it into the one written
    /// before under its ID, so each ID is written once, at the place it was first reached.
    /// - Parameter positions: where each ID written so far is, kept alongside.
    mutating func write(_ record: StoreRecord, positions: inout [RecordID: Int]) {
        // One hash of the ID: claim the next position unless the ID holds one already.
        let next = count
        var held: Int?
        Self.claim(&positions[record.id, default: next], next, held: &held)
        if let held {
            self[held].merge(record)
        } else {
            append(record)
        }
    }

    private static func claim(_ slot: inout Int, _ next: Int, held: inout Int?) {
        if slot != next { held = slot }
    }
}
