import BatonCore
import Foundation
import Testing

@Suite struct RecordTests {
    static let stored = Record(id: RecordID("1"), typename: "User", fields: [
        FieldKey("name"): .scalar("Ada"),
        FieldKey("email"): .errors([GraphQLError(message: "hidden", extensions: ["code": "FORBIDDEN"])]),
        FieldKey("nickname"): .scalar(.null),
    ])

    @Test func aMergeReplacesNamedFieldsKeepsTheRestAndTakesTheNewTypename() {
        var record = Self.stored
        let changed = record.merge(Record(id: RecordID("other"), typename: "Admin", fields: [
            FieldKey("name"): .scalar("Grace"),
            FieldKey("email"): .scalar("grace@example.com"),
            FieldKey("age"): .scalar(36),
        ]))
        #expect(changed)
        #expect(record == Record(id: RecordID("1"), typename: "Admin", fields: [
            FieldKey("name"): .scalar("Grace"),
            FieldKey("email"): .scalar("grace@example.com"),
            FieldKey("nickname"): .scalar(.null),
            FieldKey("age"): .scalar(36),
        ]))
    }

    @Test func aMergeOfWhatIsHeldChangesNothing() {
        var record = Self.stored
        let same = record.merge(Self.stored)
        let none = record.merge(Record(id: RecordID("1"), typename: "User"))
        let null = record.merge(Record(id: RecordID("1"), typename: "User", fields: [FieldKey("nickname"): .scalar(.null)]))
        #expect(!same && !none && !null)
        #expect(record == Self.stored)
    }

    @Test func nullErrorAndMissingAreDifferentChanges() {
        #expect(Self.stored.merging(Record(id: RecordID("1"), typename: "User", fields: [FieldKey("nickname"): .errors([])])) != Self.stored)
        #expect(Self.stored.merging(Record(id: RecordID("1"), typename: "User", fields: [FieldKey("name"): .scalar(.null)])).fields[FieldKey("name")] == .scalar(.null))
        var typed = Self.stored
        let integer = typed.merge(Record(id: RecordID("1"), typename: "User", fields: [FieldKey("count"): .scalar(.int(1))]))
        let double = typed.merge(Record(id: RecordID("1"), typename: "User", fields: [FieldKey("count"): .scalar(.double(1))]))
        #expect(integer && double)
    }

    @Test func theDefaultOperationRecordReadsTheFetchTimeAndKeepsNoErrors() throws {
        struct TimesOnly: Store {
            func read(_ read: StoreRead) throws -> [RecordID: Record] { [:] }
            func write(_ write: StoreWrite) throws -> StoreWriteResult { StoreWriteResult(changed: []) }
            func lastFetched(_ operation: OperationKey) throws -> Date? {
                operation.operationID == "Hero" ? Date(timeIntervalSince1970: 7) : nil
            }
        }
        let store = TimesOnly()
        #expect(try store.operation(OperationKey(operationID: "Hero", variables: "{}")) == OperationRecord(fetched: Date(timeIntervalSince1970: 7)))
        #expect(try store.operation(OperationKey(operationID: "Villain", variables: "{}")) == nil)
    }
}
