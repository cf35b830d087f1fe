@_spi(Generated) import BatonCore
import Testing

/// Record IDs: `Typename:key` by the plan's cache keys, a path under the nearest keyed ancestor
/// otherwise, the root `client:root`.
@Suite("Normalizer: record identity")
struct IdentityTests {
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
                                    .field(PlanField(name: "isbn", type: .nonNull(.named("String")))),
                                    .field(PlanField(name: "edition", type: .nonNull(.named("Int")))),
                                ])),
                    ]))
        ])
    static let response = """
        {"data": {"shelf": {"__typename": "Shelf", "label": "new", "books": [
          {"__typename": "Book", "id": "1", "isbn": "978", "edition": 2},
          {"__typename": "Book", "id": null, "isbn": "979", "edition": 1}]}}}
        """

    func ids(_ plan: OperationPlan) throws -> Set<RecordID> {
        let write = try ResponseNormalizer.normalize(
            GraphQLResponse(json: JSONValue(parsing: Self.response)), plan: plan,
            operation: OperationKey(operationID: "Shelf", variables: "{}"))
        return Set(write.records.map(\.id))
    }

    @Test func objectsAreKeyedByTypeAndIDAndOthersByTheirPath() throws {
        #expect(
            try ids(Self.plan) == [
                RecordID("client:root"), RecordID("client:root.shelf"), RecordID("Book:1"),
                RecordID("client:root.shelf.books.1"),
            ])
    }

    @Test func compositeKeysJoinTheirValuesInOrder() throws {
        #expect(
            try ids(Self.plan.keyed(by: CacheKeys(["Book": ["isbn", "edition"]])))
                == [RecordID("client:root"), RecordID("client:root.shelf"), RecordID("Book:978:2"), RecordID("Book:979:1")])
    }

    @Test func aTypeWithNoKeyFieldsIsKeyedByItsPathUnderItsKeyedAncestor() throws {
        let keys = CacheKeys(["Shelf": ["label"], "Book": []])
        #expect(
            try ids(Self.plan.keyed(by: keys)) == [
                RecordID("client:root"), RecordID("Shelf:new"), RecordID("Shelf:new.books.0"), RecordID("Shelf:new.books.1"),
            ])
    }

    /// `fuzz-store-read`: a typename that is no string (`null` here) was stored as the field's
    /// type, and a read from the store gave `__typename` a value the response never had. Such a
    /// response is malformed, whether read from its bytes or parsed, and nothing is written.
    @Test func aTypenameThatIsNoStringIsTheWrongKind() {
        let operation = OperationKey(operationID: "Shelf", variables: "{}")
        for typename in ["null", "7", "[]"] {
            let bytes = Array(
                #"{"data":{"shelf":{"__typename":"Shelf","label":"new","books":[{"__typename":\#(typename),"id":"1","isbn":"978","edition":2}]}}}"#
                    .utf8)
            let written = Result { () throws(IngestError) in
                try ResponseNormalizer.normalize(responseBytes: bytes, plan: Self.plan, operation: operation)
            }
            guard case .failure(let error) = written else {
                Issue.record("a typename \(typename) was written: \(written)")
                continue
            }
            #expect(error.code == .wrongKind)
            #expect(error.path == [.key("shelf"), .key("books"), .index(0), .key("__typename")])
        }
    }
}
