import BatonCore
import Foundation
import Testing

@Suite struct RecordTests {
    static let stored = StoreRecord(
        id: RecordID("1"), typename: "User",
        fields: [
            FieldKey("name"): .scalar("Ada"),
            FieldKey("email"): .errors([GraphQLError(message: "hidden", extensions: ["code": "FORBIDDEN"])]),
            FieldKey("nickname"): .scalar(.null),
        ])

    @Test func aMergeReplacesNamedFieldsKeepsTheRestAndTakesTheNewTypename() {
        var record = Self.stored
        let changed = record.merge(
            StoreRecord(
                id: RecordID("other"), typename: "Admin",
                fields: [
                    FieldKey("name"): .scalar("Grace"),
                    FieldKey("email"): .scalar("grace@example.com"),
                    FieldKey("age"): .scalar(36),
                ]))
        #expect(changed)
        #expect(
            record
                == StoreRecord(
                    id: RecordID("1"), typename: "Admin",
                    fields: [
                        FieldKey("name"): .scalar("Grace"),
                        FieldKey("email"): .scalar("grace@example.com"),
                        FieldKey("nickname"): .scalar(.null),
                        FieldKey("age"): .scalar(36),
                    ]))
    }

    @Test func aMergeOfWhatIsHeldChangesNothing() {
        var record = Self.stored
        let same = record.merge(Self.stored)
        let none = record.merge(StoreRecord(id: RecordID("1"), typename: "User"))
        let null = record.merge(StoreRecord(id: RecordID("1"), typename: "User", fields: [FieldKey("nickname"): .scalar(.null)]))
        #expect(!same && !none && !null)
        #expect(record == Self.stored)
    }

    @Test func nullErrorAndMissingAreDifferentChanges() {
        #expect(Self.stored.merging(StoreRecord(id: RecordID("1"), typename: "User", fields: [FieldKey("nickname"): .errors([])])) != Self.stored)
        #expect(
            Self.stored.merging(StoreRecord(id: RecordID("1"), typename: "User", fields: [FieldKey("name"): .scalar(.null)])).fields[FieldKey("name")]
                == .scalar(.null))
        var typed = Self.stored
        let integer = typed.merge(StoreRecord(id: RecordID("1"), typename: "User", fields: [FieldKey("count"): .scalar(.int(1))]))
        let double = typed.merge(StoreRecord(id: RecordID("1"), typename: "User", fields: [FieldKey("count"): .scalar(.double(1))]))
        #expect(integer && double)
    }
}
