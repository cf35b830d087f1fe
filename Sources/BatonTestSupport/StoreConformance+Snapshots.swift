import BatonCore
import Foundation

/// The check for a store that hands out snapshots (``SnapshotStore``): each answers as the store
/// did when it was taken. A store that does not adopt it passes, as it is then read record by record.
extension StoreConformance {
    func checkSnapshots() async throws(Failure) {
        let check = Check.snapshots
        guard let store = try await store(check) as? any SnapshotStore else { return }
        let hero = Self.operationKey("Hero")
        let records = [Self.stateRecord("1"), Self.stateRecord("2")]
        try write(
            check, store,
            StoreWrite(records: records, fetchedOperations: [hero: Self.fetchTime], operationErrors: [hero: [Self.fullError]]),
            "two records and Hero")
        let early = store.recordSnapshot()
        let heroEarly = try operation(check, store, hero)
        try expectSnapshot(check, early, records, absent: [RecordID("3")], hero, heroEarly, "a snapshot taken after two records and Hero")

        let renamed = Self.changing(records[0], "name", .scalar("Grace"))
        let added = Self.stateRecord("3")
        try write(
            check, store,
            StoreWrite(
                records: [renamed, added], deletions: [records[1].id],
                fetchedOperations: [hero: Self.fetchTime.addingTimeInterval(60)], operationErrors: [hero: []]),
            "a merge, a deletion, a new record and Hero fetched again")
        try expectSnapshot(check, early, records, absent: [added.id], hero, heroEarly, "the same snapshot after a later write")

        var merged = records[0]
        merged.fields[FieldKey("name")] = .scalar("Grace")
        let late = store.recordSnapshot()
        try expectSnapshot(
            check, late, [merged, added], absent: [records[1].id], hero, try operation(check, store, hero),
            "a snapshot taken after that write")
    }

    /// Fails the check unless `snapshot` holds exactly `records`, none of `absent`, and keeps on
    /// `key` what the store kept when the snapshot was taken.
    private func expectSnapshot(
        _ check: Check, _ snapshot: any RecordSource, _ records: [StoreRecord], absent: [RecordID], _ key: OperationKey,
        _ kept: OperationRecord?, _ when: String
    ) throws(Failure) {
        var found: [RecordID: StoreRecord] = [:]
        for id in records.map(\.id) + absent {
            found[id] = snapshot.record(id)
        }
        if let difference = Self.difference(expected: records, actual: found) {
            throw Failure(check, "\(when): \(difference)")
        }
        let answered = snapshot.operation(key)
        try expect(
            answered == kept, check,
            "\(when): the snapshot keeps \(String(describing: answered)) on \(key), the store kept \(String(describing: kept))")
    }
}
