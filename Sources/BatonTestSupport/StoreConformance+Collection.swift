import BatonCore

/// The check for a store that lists its records for collection (``CollectableStore``): the list
/// is exactly what the store holds, and an environment's collection deletes from it. A store that
/// does not adopt it passes, as an environment then never collects it.
extension StoreConformance {
    func checkCollection() async throws(Failure) {
        let check = Check.collection
        guard let store = try await store(check) as? any CollectableStore else { return }
        try expectAllRecords(check, store, [], "a fresh store")

        let root = StoreRecord(id: .root(of: .query), typename: "Query", fields: [FieldKey("greeting"): .scalar("hello")])
        var first = Self.stateRecord("1")
        first.fields[FieldKey("friend")] = .link(RecordID("2"))
        let records = [root, first, Self.stateRecord("2"), Self.stateRecord("3")]
        try write(check, store, StoreWrite(records: records), "a root record and three others")
        try expectAllRecords(check, store, records, "after a root record and three others were written")

        try write(
            check, store, StoreWrite(records: [Self.changing(first, "name", .scalar("Grace"))], deletions: [RecordID("3")]),
            "a merge into 1 and 3 deleted")
        first.fields[FieldKey("name")] = .scalar("Grace")
        try expectAllRecords(check, store, [root, first, records[2]], "after a merge into 1 and 3 deleted")

        // With no handle, retained operation or optimistic layer, only the root records are kept.
        let environment = Environment(transport: RecordedTransport([:]), store: store)
        let deleted: [RecordID]
        do {
            deleted = try environment.collect()
        } catch {
            throw Failure(check, "the store threw during Environment.collect()", underlying: error)
        }
        try expect(
            Set(deleted) == [first.id, records[2].id], check,
            "Environment.collect() with nothing held deleted \(Self.list(deleted.map(\.rawValue))); expected [\"1\", \"2\"]")
        try expectAllRecords(check, store, [root], "after Environment.collect()")
    }

    /// Fails the check unless `allRecords()` lists exactly `expected`.
    private func expectAllRecords(
        _ check: Check, _ store: any CollectableStore, _ expected: [StoreRecord], _ when: String
    ) throws(Failure) {
        let listed: [RecordID: StoreRecord]
        do {
            listed = try store.allRecords()
        } catch {
            throw Failure(check, "the store threw on allRecords() (\(when))", underlying: error)
        }
        let wanted = Set(expected.map(\.id))
        let extra = listed.keys.filter { !wanted.contains($0) }.sorted().map(\.rawValue)
        try expect(extra.isEmpty, check, "\(when): allRecords() listed \(Self.list(extra)), which the store does not hold")
        if let difference = Self.difference(expected: expected, actual: listed) {
            throw Failure(check, "\(when): allRecords(): \(difference)")
        }
    }
}
