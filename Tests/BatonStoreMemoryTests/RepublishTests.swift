@_spi(Generated) import BatonCore
import BatonStoreMemory
import Testing

/// A response normalized against what the store holds writes only what changed, and applying
/// that write gives the same store as applying the whole one.
@Suite struct RepublishTests {
    static let plan = OperationPlan(
        name: "Shelf", operationType: .query, rootTypename: "Query",
        selections: [
            .field(
                PlanField(
                    name: "shelf", type: .named("Shelf"),
                    selections: [
                        .field(PlanField(name: "__typename", type: .nonNull(.named("String")))),
                        .field(PlanField(name: "label", type: .nonNull(.named("String")))),
                        .field(
                            PlanField(
                                name: "books", type: .nonNull(.list(.nonNull(.named("Book")))),
                                selections: [
                                    .field(PlanField(name: "__typename", type: .nonNull(.named("String")))),
                                    .field(PlanField(name: "id", type: .named("ID"))),
                                    .field(PlanField(name: "title", type: .named("String"))),
                                ])),
                    ]))
        ])
    static let operation = OperationKey(operationID: "Shelf", variables: "{}")

    static func response(_ label: String, _ titles: [String?]) throws -> GraphQLResponse {
        let books = titles.enumerated().map { index, title -> JSONValue in
            ["__typename": "Book", "id": .string("\(index)"), "title": title.map(JSONValue.string) ?? .null]
        }
        return try GraphQLResponse(json: ["data": ["shelf": ["__typename": "Shelf", "label": .string(label), "books": .list(books)]]])
    }

    /// Writes `response` into a store holding `first`, both whole and compared with the store.
    static func both(first: GraphQLResponse, then response: GraphQLResponse) throws -> (whole: MemoryStore, compared: MemoryStore, write: StoreWrite)
    {
        let whole = MemoryStore()
        let compared = MemoryStore()
        for store in [whole, compared] {
            store.write(try ResponseNormalizer.normalize(first, plan: plan, operation: operation))
        }
        whole.write(try ResponseNormalizer.normalize(response, plan: plan, operation: operation))
        let write = try ResponseNormalizer.normalize(response, plan: plan, operation: operation, comparingWith: compared.snapshot())
        compared.write(write)
        return (whole, compared, write)
    }

    @Test func theSameResponseAgainWritesNoRecord() throws {
        let response = try Self.response("new", ["A", nil, "C"])
        let (whole, compared, write) = try Self.both(first: response, then: response)
        #expect(write.records.isEmpty)
        #expect(write.operationErrors == [Self.operation: []])
        #expect(whole.snapshot() == compared.snapshot())
    }

    @Test func onlyTheFieldsThatChangedAreWritten() throws {
        let (whole, compared, write) = try Self.both(
            first: Self.response("new", ["A", nil, "C"]), then: Self.response("new", ["A", "B", "C", "D"]))
        #expect(whole.snapshot() == compared.snapshot())
        let fields = Dictionary(uniqueKeysWithValues: write.records.map { ($0.id, Set($0.fields.keys)) })
        #expect(
            fields == [
                RecordID("client:root.shelf"): [FieldKey("books")], RecordID("Book:1"): [FieldKey("title")],
                RecordID("Book:3"): [FieldKey("id"), FieldKey("title")],
            ])
    }

    @Test func aResponseWithErrorsIsWrittenWhole() throws {
        let first = try Self.response("new", ["A"])
        var failing = first
        failing.errors = [GraphQLError(message: "no title", path: [.key("shelf"), .key("books"), .index(0), .key("title")])]
        let (whole, compared, write) = try Self.both(first: first, then: failing)
        #expect(whole.snapshot() == compared.snapshot())
        #expect(write.records.count == 3)
    }
}
