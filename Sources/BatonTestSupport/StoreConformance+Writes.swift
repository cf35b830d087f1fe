import BatonCore

/// The checks about writing: merging, deleting, and reporting what changed.
extension StoreConformance {
    func checkMergeKeepsUnnamedFields() async throws(Failure) {
        let store = try await store(.mergeKeepsUnnamedFields)
        let id = RecordID("1")
        try write(.mergeKeepsUnnamedFields, store, StoreWrite(records: [Self.stateRecord("1")]), "the first copy")
        let newer = StoreRecord(
            id: id, typename: "Admin",
            fields: [
                FieldKey("name"): .scalar("Grace"),
                FieldKey("email"): .scalar("grace@example.com"),
                FieldKey("nickname"): .errors([Self.fullError]),
                FieldKey("extra"): .scalar(.null),
            ])
        try write(.mergeKeepsUnnamedFields, store, StoreWrite(records: [newer]), "a newer copy naming some fields")
        var expected = StoreRecord(
            id: id, typename: "Admin",
            fields: [
                FieldKey("id"): .scalar("1"),
                FieldKey("name"): .scalar("Grace"),
                FieldKey("nickname"): .errors([Self.fullError]),
                FieldKey("email"): .scalar("grace@example.com"),
                FieldKey("phone"): .errors([Self.bareError, Self.emptyPathError]),
                FieldKey("extra"): .scalar(.null),
            ])
        try expectStored(
            .mergeKeepsUnnamedFields, store, [expected],
            "after merging a copy that replaces a value, an error and a null and names a new field")

        let bare = try write(
            .mergeKeepsUnnamedFields, store, StoreWrite(records: [StoreRecord(id: id, typename: "Admin")]),
            "a copy naming no fields")
        try expectChanged(.mergeKeepsUnnamedFields, bare, [], "writing a copy that names no fields")
        try expectStored(.mergeKeepsUnnamedFields, store, [expected], "after writing a copy that names no fields")

        try write(
            .mergeKeepsUnnamedFields, store,
            StoreWrite(records: [
                StoreRecord(id: id, typename: "User", fields: [FieldKey("name"): .scalar(.null), FieldKey("email"): .errors([Self.bareError])])
            ]), "a copy turning a value into null and a value into an error")
        expected.typename = "User"
        expected.fields[FieldKey("name")] = .scalar(.null)
        expected.fields[FieldKey("email")] = .errors([Self.bareError])
        try expectStored(.mergeKeepsUnnamedFields, store, [expected], "after a value became null and another an error")
    }

    func checkMergeWithinOneWrite() async throws(Failure) {
        let store = try await store(.mergeWithinOneWrite)
        let one = RecordID("1")
        let two = StoreRecord(id: RecordID("2"), typename: "User", fields: [FieldKey("a"): .scalar(2)])
        let result = try write(
            .mergeWithinOneWrite, store,
            StoreWrite(records: [
                StoreRecord(id: one, typename: "User", fields: [FieldKey("a"): .scalar(1), FieldKey("b"): .scalar(1)]),
                two,
                StoreRecord(id: one, typename: "Admin", fields: [FieldKey("b"): .scalar(2), FieldKey("c"): .scalar(2)]),
                StoreRecord(id: one, typename: "Admin", fields: [FieldKey("c"): .scalar(3)]),
            ]), "record 1 named three times")
        try expectChanged(.mergeWithinOneWrite, result, [one, two.id], "writing record 1 three times and record 2 once")
        let expected = StoreRecord(
            id: one, typename: "Admin",
            fields: [
                FieldKey("a"): .scalar(1), FieldKey("b"): .scalar(2), FieldKey("c"): .scalar(3),
            ])
        try expectStored(.mergeWithinOneWrite, store, [expected, two], "after record 1 was named three times in one write")
    }

    func checkDeletion() async throws(Failure) {
        let store = try await store(.deletion)
        let records = ["1", "2", "3"].map { Self.stateRecord($0) }
        try write(.deletion, store, StoreWrite(records: records), "three records")

        let deleted = try write(.deletion, store, StoreWrite(deletions: [RecordID("2"), RecordID("absent")]), "deleting 2 and an absent record")
        try expectChanged(.deletion, deleted, [RecordID("2")], "deleting 2 and an absent record")
        let left = try read(.deletion, store, records.map(\.id))
        if let difference = Self.difference(expected: [records[0], records[2]], actual: left) {
            throw Failure(.deletion, "after deleting 2: \(difference)")
        }

        let replacement = StoreRecord(id: RecordID("3"), typename: "User", fields: [FieldKey("name"): .scalar("new")])
        let replaced = try write(.deletion, store, StoreWrite(records: [replacement], deletions: [RecordID("3")]), "deleting and writing 3")
        try expectChanged(.deletion, replaced, [RecordID("3")], "deleting and writing 3 in one write")
        try expectStored(.deletion, store, [replacement], "after deleting and writing 3 in one write (a replacement)")

        let same = try write(
            .deletion, store, StoreWrite(records: [records[0]], deletions: [records[0].id]),
            "deleting 1 and writing it back as it was")
        try expectChanged(.deletion, same, [], "deleting 1 and writing it back as it was in one write")
        try expectStored(.deletion, store, [records[0]], "after deleting 1 and writing it back as it was")

        let all = try write(.deletion, store, StoreWrite(deletions: [RecordID("1"), RecordID("3"), RecordID("1")]), "deleting 1, 3 and 1")
        try expectChanged(.deletion, all, [RecordID("1"), RecordID("3")], "deleting 1, 3 and 1 again")
        let none = try read(.deletion, store, records.map(\.id))
        try expect(none.isEmpty, .deletion, "after deleting every record, read \(Self.list(none.keys.sorted().map(\.rawValue)))")
    }

    func checkChangedRecords() async throws(Failure) {
        let check = Check.changedRecords
        let store = try await store(check)
        let a = Self.stateRecord("a")
        let b = Self.stateRecord("b")
        let ids = (a: a.id, b: b.id)
        try expectChanged(
            check, try write(check, store, StoreWrite(records: [a, b]), "two new records"),
            [ids.a, ids.b], "writing two new records")
        try expectChanged(
            check, try write(check, store, StoreWrite(records: [a, b]), "the same records again"),
            [], "writing the same two records again")
        try expectChanged(
            check, try write(check, store, StoreWrite(records: [Self.changing(a, "name", .scalar("Grace")), b]), "one field of a"),
            [ids.a], "changing one field of a and writing b as it is")
        try expectChanged(
            check, try write(check, store, StoreWrite(records: [Self.changing(b, "added", .scalar(.null))]), "a new null field of b"),
            [ids.b], "adding a null field to b")
        var retyped = StoreRecord(id: ids.a, typename: "Admin")
        try expectChanged(
            check, try write(check, store, StoreWrite(records: [retyped]), "a new typename"),
            [ids.a], "changing only a's typename")
        retyped.fields[FieldKey("count")] = .scalar(.int(1))
        try write(check, store, StoreWrite(records: [retyped]), "an integer 1")
        retyped.fields[FieldKey("count")] = .scalar(.double(1))
        try expectChanged(
            check, try write(check, store, StoreWrite(records: [retyped]), "a double 1"),
            [ids.a], "changing the integer 1 into the double 1")
        var otherCode = Self.fullError
        otherCode.extensions = ["code": "OTHER"]
        try expectChanged(
            check, try write(check, store, StoreWrite(records: [Self.changing(b, "email", .errors([otherCode]))]), "another error code"),
            [ids.b], "changing only an error's extensions.code")
        try expectChanged(
            check, try write(check, store, StoreWrite(records: [Self.changing(b, "email", .errors([otherCode]))]), "the same error"),
            [], "writing the same error again")
        let back = try write(
            check, store,
            StoreWrite(records: [Self.changing(b, "name", .scalar("x")), Self.changing(b, "name", b.fields[FieldKey("name")] ?? .scalar(.null))]),
            "a change and its undoing")
        try expectChanged(check, back, [], "changing a field of b and changing it back in the same write")
        let operationOnly = StoreWrite(
            fetchedOperations: [Self.operationKey("Hero"): Self.fetchTime], operationErrors: [Self.operationKey("Hero"): [Self.bareError]])
        try expectChanged(check, try write(check, store, operationOnly, "only an operation"), [], "writing only an operation's fetch time and errors")
        try expectChanged(check, try write(check, store, StoreWrite(), "nothing"), [], "an empty write")
        try expectChanged(
            check, try write(check, store, StoreWrite(deletions: [RecordID("absent")]), "deleting an absent record"),
            [], "deleting a record the store does not hold")
    }

    /// `record` naming only `field`, with `value`.
    static func changing(_ record: StoreRecord, _ field: String, _ value: FieldValue) -> StoreRecord {
        StoreRecord(id: record.id, typename: record.typename, fields: [FieldKey(field): value])
    }
}
