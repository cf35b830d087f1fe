import BatonCore

/// The checks about what comes back: field states, scalars, links, errors, reads, keys.
extension StoreConformance {
    func checkEmptyStore() async throws(Failure) {
        let store = try await store(.emptyStore)
        let read = try read(.emptyStore, store, [.queryRoot, RecordID("1"), RecordID("")])
        try expect(read.isEmpty, .emptyStore, "a fresh store returned records \(Self.list(read.keys.sorted().map(\.rawValue)))")
        let key = Self.operationKey("Hero")
        let fetched = try lastFetched(.emptyStore, store, key)
        try expect(fetched == nil, .emptyStore, "a fresh store has a fetch time for \(key): \(String(describing: fetched))")
        let operation = try operation(.emptyStore, store, key)
        try expect(
            operation == nil, .emptyStore,
            "a fresh store keeps something on \(key): \(String(describing: operation))")
    }

    func checkFieldStates() async throws(Failure) {
        let store = try await store(.fieldStates)
        let record = Self.stateRecord("1")
        try write(.fieldStates, store, StoreWrite(records: [record]), "a record with a value, a null and errors")
        try expectStored(.fieldStates, store, [record], "after writing a value, a null and errors")
        let held = try read(.fieldStates, store, [record.id])[record.id]
        try expect(
            held?.fields[Self.neverWritten] == nil, .fieldStates,
            "a field never written must be missing, got \(Self.render(held?.fields[Self.neverWritten]))")
        try expect(
            held?.fields[FieldKey("nickname")] == .scalar(.null), .fieldStates,
            "a null must stay null, got \(Self.render(held?.fields[FieldKey("nickname")]))")
    }

    func checkScalarKinds() async throws(Failure) {
        let store = try await store(.scalarKinds)
        let record = StoreRecord(id: RecordID("scalars"), typename: "Scalars", fields: Self.scalars)
        try write(.scalarKinds, store, StoreWrite(records: [record]), "every kind of scalar")
        try expectStored(.scalarKinds, store, [record], "after writing every kind of scalar")
    }

    func checkLinksAndLists() async throws(Failure) {
        let store = try await store(.linksAndLists)
        let root = StoreRecord(
            id: .queryRoot, typename: "Query",
            fields: [
                FieldKey("hero"): .link(RecordID("1000")),
                FieldKey("friends"): .list([.link(RecordID("1001")), .scalar(.null), .link(RecordID("1000"))]),
                FieldKey("grid"): .list([.list([.link(RecordID("1001"))]), .list([]), .list([.scalar(.null), .scalar(1)])]),
                FieldKey("empty"): .list([]),
                FieldKey("mixed"): .list([.scalar("a"), .errors([Self.fullError]), .link(RecordID("dangling"))]),
            ])
        let hero = StoreRecord(id: RecordID("1000"), typename: "Human", fields: [FieldKey("name"): .scalar("Luke")])
        try write(.linksAndLists, store, StoreWrite(records: [root, hero]), "links and lists")
        try expectStored(.linksAndLists, store, [root, hero], "after writing links and lists")
        let dangling = try read(.linksAndLists, store, [RecordID("1001"), RecordID("dangling")])
        try expect(
            dangling.isEmpty, .linksAndLists,
            "a link does not make its target exist; read \(Self.list(dangling.keys.sorted().map(\.rawValue)))")
    }

    func checkErrorsKeptWhole() async throws(Failure) {
        let store = try await store(.errorsKeptWhole)
        let many = (0..<20).map { GraphQLError(message: "error \($0)", path: [.index($0)], extensions: ["code": .string("E\($0)")]) }
        let record = StoreRecord(
            id: RecordID("errors"), typename: "Errors",
            fields: [
                FieldKey("full"): .errors([Self.fullError]),
                FieldKey("bare"): .errors([Self.bareError]),
                FieldKey("emptyPath"): .errors([Self.emptyPathError]),
                FieldKey("several"): .errors([Self.bareError, Self.fullError, Self.emptyPathError]),
                FieldKey("many"): .errors(many),
                FieldKey("none"): .errors([]),
            ])
        try write(.errorsKeptWhole, store, StoreWrite(records: [record]), "fields with errors")
        try expectStored(.errorsKeptWhole, store, [record], "after writing fields with errors")
        let held = try read(.errorsKeptWhole, store, [record.id])[record.id]
        if case .errors(let errors)? = held?.fields[FieldKey("full")], let error = errors.first {
            try expect(
                error.code == "UPSTREAM_TIMEOUT", .errorsKeptWhole,
                "extensions.code must survive, got extensions \(error.extensions.map { $0.serialized() } ?? "(absent)")")
        }
    }

    func checkReadsOnlyHeldRecords() async throws(Failure) {
        let store = try await store(.readsOnlyHeldRecords)
        let one = Self.stateRecord("1")
        let two = Self.stateRecord("2")
        try write(.readsOnlyHeldRecords, store, StoreWrite(records: [one, two]), "two records")
        let some = try read(.readsOnlyHeldRecords, store, [one.id, RecordID("3"), one.id, RecordID("")])
        if let difference = Self.difference(expected: [one], actual: some) {
            throw Failure(.readsOnlyHeldRecords, "reading 1, 3 (absent), 1 again and \"\" (absent): \(difference)")
        }
        let none = try read(.readsOnlyHeldRecords, store, [])
        try expect(none.isEmpty, .readsOnlyHeldRecords, "reading no IDs returned \(Self.list(none.keys.sorted().map(\.rawValue)))")
        try expectStored(.readsOnlyHeldRecords, store, [two, one], "reading both")
    }

    func checkUnusualKeys() async throws(Failure) {
        let store = try await store(.unusualKeys)
        let records = Self.unusualKeyRecords()
        let result = try write(.unusualKeys, store, StoreWrite(records: records), "records with unusual IDs and field keys")
        try expectChanged(.unusualKeys, result, Set(records.map(\.id)), "writing records with unusual IDs")
        try expectStored(.unusualKeys, store, records, "after writing records with unusual IDs and field keys")
        // Merging by an unusual key must reach the same field, and only it.
        let key = FieldKey(Self.unusualFieldKeys[4])
        guard let first = records.first else { return }
        try write(
            .unusualKeys, store, StoreWrite(records: [StoreRecord(id: first.id, typename: first.typename, fields: [key: .scalar("merged")])]),
            "a merge into the record with an empty ID")
        var expected = first
        expected.fields[key] = .scalar("merged")
        try expectStored(.unusualKeys, store, [expected], "after merging one field by an argument-bearing key")
    }

    /// One record per unusual ID, each holding every unusual field key with a value of its own.
    static func unusualKeyRecords() -> [StoreRecord] {
        unusualIDs.enumerated().map { index, id in
            var fields: [FieldKey: FieldValue] = [:]
            for (position, key) in unusualFieldKeys.enumerated() {
                fields[FieldKey(key)] = .scalar(.string("\(index)/\(position)"))
            }
            fields[FieldKey("self")] = .link(RecordID(id))
            return StoreRecord(id: RecordID(id), typename: index.isMultiple(of: 2) ? "" : "Tÿpe \(index)", fields: fields)
        }
    }
}
