@_spi(Generated) import BatonCore
import Testing

/// What the walk through records notes on its way: the errors beside the fields it reads.
@Suite("Reader: the walk's errors")
struct RecordReaderWalkTests {
    static let nameError = GraphQLError(message: "no name", path: [.key("lead"), .key("name")])
    static let friendsError = GraphQLError(
        message: "no friends", path: [.key("lead"), .key("friends"), .index(0), .key("name")], extensions: ["code": "PARTIAL"])

    /// A hero whose name and friends the server nulled, each with its error.
    static let records = RecordTables(records: [
        .queryRoot: StoreRecord(id: .queryRoot, typename: "Query", fields: [FieldKey("hero"): .link(RecordID("Droid:2"))]),
        RecordID("Droid:2"): StoreRecord(
            id: RecordID("Droid:2"), typename: "Droid",
            fields: [
                FieldKey("id"): .scalar(.string("2")), FieldKey("name"): .errors([nameError]),
                FieldKey("friends"): .errors([friendsError]),
            ]),
    ])

    static func lead(_ selections: [Selection]) -> Selection {
        .field(PlanField(name: "hero", alias: "lead", type: .nonNull(.named("Character")), selections: selections))
    }

    static let name = Selection.field(PlanField(name: "name", type: .named("String")))
    static let friends = Selection.field(
        PlanField(name: "friends", type: .list(.named("Character")), selections: [.field(PlanField(name: "id", type: .nonNull(.named("ID"))))]))

    /// `fuzz-store-read`: a field selected in two selections of one object (`lead` twice, each
    /// with `friends`), or twice in one (`name`, and again in a fragment), is walked once per
    /// selection; each error beside it was read once per walk, so the read had the response's
    /// errors twice.
    @Test func aFieldSelectedTwiceReadsItsErrorsOnce() {
        let plan = OperationPlan(
            name: "Lead", operationType: .query, rootTypename: "Query",
            selections: [
                Self.lead([
                    Self.name, Self.friends,
                    .inlineFragment(InlineFragment(typeCondition: "Droid", possibleTypes: ["Droid"], selections: [Self.name])),
                ]),
                Self.lead([.field(PlanField(name: "id", type: .nonNull(.named("ID")))), Self.friends]),
            ])
        let read = RecordReader.read(plan, from: Self.records)
        #expect(read.errors == [Self.nameError, Self.friendsError])
        #expect(read.data["lead"].errors == [Self.nameError, Self.friendsError])
        #expect(read.data["lead"].object(AnyLead.self).__data["friends"].errors == [Self.friendsError])
    }

    /// The same error kept twice beside one field (the response listed it twice) is read twice.
    @Test func anErrorTheResponseRepeatsIsReadAsOftenAsItCame() {
        let error = GraphQLError(message: "no name", path: [.key("name")])
        let records = RecordTables(records: [
            .queryRoot: StoreRecord(id: .queryRoot, typename: "Query", fields: [FieldKey("name"): .errors([error, error])])
        ])
        let plan = OperationPlan(name: "Name", operationType: .query, rootTypename: "Query", selections: [Self.name, Self.name])
        #expect(RecordReader.read(plan, from: records).errors == [error, error])
    }
}

/// A view of the `lead` object, for its readers.
private struct AnyLead: SelectionSet {
    let __data: DataObject
}
