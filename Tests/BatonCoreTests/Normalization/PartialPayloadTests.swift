@_spi(Generated) import BatonCore
import Testing

/// A partial payload (an optimistic response, a local commit) may omit selected fields at any
/// depth and writes only what it has; a response from the network, or a deferred part, may not.
@Suite("Normalizer: partial payloads")
struct PartialPayloadTests {
    static let user: [Selection] = [
        .field(PlanField(name: "__typename", type: .nonNull(.named("String")))),
        .field(PlanField(name: "id", type: .nonNull(.named("ID")))),
        .field(PlanField(name: "name", type: .nonNull(.named("String")))),
    ]
    static let plan = OperationPlan(
        name: "Post", operationType: .query, rootTypename: "Query",
        selections: [
            .field(
                PlanField(
                    name: "post", arguments: [PlanArgument(name: "id", value: .literal(.string("1")))], type: .nonNull(.named("Post")),
                    selections: [
                        .field(PlanField(name: "__typename", type: .nonNull(.named("String")))),
                        .field(PlanField(name: "id", type: .nonNull(.named("ID")))),
                        .field(PlanField(name: "title", type: .nonNull(.named("String")))),
                        .field(PlanField(name: "likes", type: .nonNull(.named("Int")))),
                        .field(PlanField(name: "author", type: .nonNull(.named("User")), selections: user)),
                        .field(PlanField(name: "readers", type: .nonNull(.list(.nonNull(.named("User")))), selections: user)),
                    ])),
            .field(PlanField(name: "motd", type: .named("String"))),
        ])
    static let key = OperationKey(operationID: "Post", variables: "{}")

    /// The post omits `likes` and `readers`, its author omits `name`; the root omits `motd`.
    static let payload: JSONObject = [
        "post": ["__typename": "Post", "id": "1", "title": "Edited", "author": ["__typename": "User", "id": "7"]]
    ]

    static let held = RecordTables(records: [
        RecordID.queryRoot: StoreRecord(id: .queryRoot, typename: "Query"),
        RecordID("Post:1"): StoreRecord(
            id: RecordID("Post:1"), typename: "Post",
            fields: [FieldKey("title"): .scalar("Old"), FieldKey("likes"): .scalar(3), FieldKey("author"): .link(RecordID("User:7"))]),
        RecordID("User:7"): StoreRecord(id: RecordID("User:7"), typename: "User", fields: [FieldKey("name"): .scalar("Ada")]),
    ])

    @Test func aNestedObjectWritesTheFieldsItHasAndNothingElse() throws {
        let write = try ResponseNormalizer.normalize(
            partialPayload: Self.payload, plan: Self.plan, variables: [:], operation: Self.key, base: Self.held)
        let records = Dictionary(write.records.map { ($0.id, $0) }) { $0.merging($1) }
        #expect(
            records[RecordID("Post:1")]?.fields
                == [FieldKey("id"): .scalar("1"), FieldKey("title"): .scalar("Edited"), FieldKey("author"): .link(RecordID("User:7"))])
        #expect(records[RecordID("User:7")]?.fields == [FieldKey("id"): .scalar("7")], "the author's name is left as held")
        #expect(records[RecordID.queryRoot]?.fields == [FieldKey(#"post(id:"1")"#): .link(RecordID("Post:1"))])
        // Merged as a store or a layer merges it: what it omitted is as it was.
        let post = Self.held.records[RecordID("Post:1")]!.merging(records[RecordID("Post:1")]!)
        #expect(post.fields[FieldKey("likes")] == .scalar(3))
        #expect(post.fields[FieldKey("title")] == .scalar("Edited"))
        #expect(Self.held.records[RecordID("User:7")]!.merging(records[RecordID("User:7")]!).fields[FieldKey("name")] == .scalar("Ada"))
    }

    @Test func aWrongKindIsStillMalformedInAPartialPayload() {
        let payload: JSONObject = ["post": ["__typename": "Post", "id": "1", "author": "User:7"]]
        #expect {
            try ResponseNormalizer.normalize(partialPayload: payload, plan: Self.plan, variables: [:], operation: Self.key, base: Self.held)
        } throws: { error in
            (error as? IngestError)?.code == .wrongKind && (error as? IngestError)?.path == [.key("post"), .key("author")]
        }
    }

    @Test func theSameOmissionsFromTheNetworkAreMalformed() {
        var data = Self.payload
        data["motd"] = .null
        #expect {
            try ResponseNormalizer.normalize(GraphQLResponse(data: .object(data)), plan: Self.plan, operation: Self.key)
        } throws: { error in
            (error as? IngestError)?.code == .fieldOmitted && (error as? IngestError)?.path == [.key("post"), .key("likes")]
        }
        // A deferred part may leave out root fields, never a nested object's.
        #expect {
            try ResponseNormalizer.normalize(part: Self.payload, at: [], plan: Self.plan, operation: Self.key, base: Self.held)
        } throws: { error in
            (error as? IngestError)?.code == .fieldOmitted && (error as? IngestError)?.path == [.key("post"), .key("likes")]
        }
    }
}
