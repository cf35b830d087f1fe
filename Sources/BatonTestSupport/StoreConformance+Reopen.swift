import BatonCore
import Foundation

/// The checks for a store that persists: what it holds survives closing and opening it again.
extension StoreConformance {
    func checkReopenKeepsRecords() async throws(Failure) {
        let check = Check.reopenKeepsRecords
        let store = try await store(check)
        let records = Self.persistedRecords()
        try write(check, store, StoreWrite(records: records), "records in every field state")
        let reopened = try await reopened(check, store)
        try expectStored(check, reopened, records, "after a reopen")
    }

    func checkReopenKeepsOperations() async throws(Failure) {
        let check = Check.reopenKeepsOperations
        let store = try await store(check)
        let hero = Self.operationKey("Hero")
        let jedi = Self.operationKey("Hero", #"{"episode":"JEDI","name":"名前"}"#)
        let errors = [GraphQLError(message: "Rate limited", extensions: ["code": "RATE_LIMITED", "retryAfter": 30]), Self.fullError]
        let later = Self.fetchTime.addingTimeInterval(86_400.5)
        let invalidated = Self.fetchTime.addingTimeInterval(60.125)
        try write(
            check, store,
            StoreWrite(
                records: [Self.stateRecord("1")],
                fetchedOperations: [hero: Self.fetchTime, jedi: later],
                operationErrors: [hero: errors],
                invalidatedOperations: [hero: invalidated]
            ), "two operations' fetch times and errors, and one invalidation")
        let reopened = try await reopened(check, store)
        try expectSameTime(check, try lastFetched(check, reopened, hero), Self.fetchTime, "Hero after a reopen")
        try expectSameTime(check, try lastFetched(check, reopened, jedi), later, "Hero(JEDI) after a reopen")
        try expectOperation(check, reopened, hero, fetched: Self.fetchTime, errors: errors, "after a reopen")
        try expectInvalidated(check, reopened, hero, invalidated, "after a reopen")
        try expectInvalidated(check, reopened, jedi, nil, "after a reopen")
        let villain = try lastFetched(check, reopened, Self.operationKey("Villain"))
        try expect(villain == nil, check, "after a reopen, Villain has a fetch time, but it never fetched: \(String(describing: villain))")
    }

    func checkReopenThenWrite() async throws(Failure) {
        let check = Check.reopenThenWrite
        var store = try await store(check)
        let records = ["a", "b", "c"].map { Self.stateRecord($0) }
        try write(check, store, StoreWrite(records: records), "three records")
        store = try await reopened(check, store)

        let added = Self.changing(records[0], "added", .errors([Self.fullError]))
        let result = try write(
            check, store, StoreWrite(records: [added, records[2]], deletions: [records[1].id]),
            "a merge into a, b deleted, c as it was")
        try expectChanged(check, result, [records[0].id, records[1].id], "after a reopen, merging into a, deleting b and writing c as it was")
        var merged = records[0]
        merged.fields[FieldKey("added")] = .errors([Self.fullError])
        try expectStored(check, store, [merged, records[2]], "after a reopen and a write")

        store = try await reopened(check, store)
        let held = try read(check, store, records.map(\.id))
        if let difference = Self.difference(expected: [merged, records[2]], actual: held) {
            throw Failure(check, "after a second reopen: \(difference)")
        }
        let same = try write(check, store, StoreWrite(records: [merged]), "a as it was")
        try expectChanged(check, same, [], "after a second reopen, writing a as it was")
    }

    /// Records in every field state, of every scalar kind, with unusual keys, and some volume.
    static func persistedRecords() -> [StoreRecord] {
        var records = [stateRecord("1"), StoreRecord(id: RecordID("scalars"), typename: "Scalars", fields: scalars)]
        records.append(
            StoreRecord(
                id: RecordID("errors"), typename: "Errors",
                fields: [
                    FieldKey("full"): .errors([fullError]), FieldKey("several"): .errors([bareError, fullError, emptyPathError]),
                    FieldKey("list"): .list([.link(RecordID("1")), .scalar(.null), .list([.errors([fullError])])]),
                ]))
        records += unusualKeyRecords()
        records += payloadRecords(items: 100).map { record in
            var renamed = record
            renamed.id = RecordID("persisted:" + record.id.rawValue)
            return renamed
        }
        return records
    }
}
