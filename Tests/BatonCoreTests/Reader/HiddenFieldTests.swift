@_spi(Generated) import BatonCore
import Foundation
import Testing

/// Fields the compiler adds for a connection's pages (`isHidden`): a response must hold them, as
/// any field selected, and they are stored; a read follows them (the records below are seen) but
/// never reports them missing, and they are not in the data.
@Suite("Reader: hidden fields")
struct HiddenFieldTests {
    static let plan = OperationPlan(
        name: "Titles", operationType: .query, rootTypename: "Query",
        selections: [
            .field(
                PlanField(
                    name: "posts", arguments: [PlanArgument(name: "first", value: .variable("first"))],
                    type: .named("PostConnection"),
                    selections: [
                        .field(
                            PlanField(
                                name: "edges", type: .list(.named("PostEdge")),
                                selections: [
                                    .field(
                                        PlanField(
                                            name: "node", type: .named("Post"),
                                            selections: [
                                                .field(PlanField(name: "title", type: .named("String"))),
                                                .field(PlanField(name: "id", type: .nonNull(.named("ID")), isHidden: true)),
                                            ])),
                                    .field(PlanField(name: "cursor", type: .nonNull(.named("String")), isHidden: true)),
                                ])),
                        .field(
                            PlanField(
                                name: "pageInfo", type: .nonNull(.named("PageInfo")),
                                selections: [
                                    .field(PlanField(name: "endCursor", type: .named("String"), isHidden: true)),
                                    .field(PlanField(name: "hasNextPage", type: .nonNull(.named("Boolean")), isHidden: true)),
                                ], isHidden: true)),
                    ], connection: PlanConnection(key: "Titles_posts", filters: [])))
        ])

    static let operation = OperationKey(operationID: "Titles", variables: "{}")
    static let connection = RecordID("client:root.__Titles_posts_connection")

    static func response(edge: String = #"{"node":{"title":"One","id":"1"},"cursor":"c0"}"#) -> [UInt8] {
        Array(#"{"data":{"posts":{"edges":[\#(edge)],"pageInfo":{"endCursor":"c0","hasNextPage":true}}}}"#.utf8)
    }

    @Test func theyAreStoredAndReadButNotInTheData() throws {
        let write = try ResponseNormalizer.normalize(
            responseBytes: Self.response(), plan: Self.plan, variables: ["first": 1], operation: Self.operation)
        let records = RecordTables(records: Dictionary(uniqueKeysWithValues: write.records.map { ($0.id, $0) }))
        let edge = try #require(write.records.first { $0.id.rawValue.hasPrefix(Self.connection.rawValue + ".edges") })
        #expect(edge.fields[FieldKey("cursor")] == .scalar(.string("c0")))
        #expect(records.records[RecordID("Post:1")] != nil)
        let read = RecordReader.read(Self.plan, variables: ["first": 1], from: records)
        #expect(read.missing.isEmpty)
        // The read saw the pageInfo, so a page that changes only it changes what the read saw.
        #expect(read.seenRecords.contains(RecordID(Self.connection.rawValue + ".pageInfo")))
        #expect(read.data.plannedJSON(Self.plan.selections) == ["posts": ["edges": [["node": ["title": "One"]]]]])
    }

    @Test func aRecordLackingThemIsNotMissingData() throws {
        let post = RecordID("Post:1")
        let edge = RecordID(Self.connection.rawValue + ".edges:Post:1")
        let records = RecordTables(records: [
            .queryRoot: StoreRecord(
                id: .queryRoot, typename: "Query", fields: [FieldKey("__Titles_posts_connection"): .link(Self.connection)]),
            Self.connection: StoreRecord(
                id: Self.connection, typename: "PostConnection", fields: [FieldKey("edges"): .list([.link(edge)])]),
            // An edge an edge directive added, without a cursor; a node without its title.
            edge: StoreRecord(id: edge, typename: "PostEdge", fields: [FieldKey("node"): .link(post)]),
            post: StoreRecord(id: post, typename: "Post", fields: [:]),
        ])
        let read = RecordReader.read(Self.plan, variables: ["first": 1], from: records)
        #expect(read.missing == [MissingField(owner: "Titles", record: post, field: FieldKey("title"))])
    }

    /// A field error on a field the compiler added is kept beside it and reported with the read's
    /// errors, as any other: the data cannot show the field, but nothing the server sent is dropped.
    @Test func anErrorOnOneIsKeptAndReported() throws {
        let bytes = Array(
            #"{"data":{"posts":{"edges":[{"node":{"title":"One","id":"1"},"cursor":"c0"}],"pageInfo":{"endCursor":null,"hasNextPage":true}}},"errors":[{"message":"cursors are down","path":["posts","pageInfo","endCursor"]}]}"#
                .utf8)
        let write = try ResponseNormalizer.normalize(
            responseBytes: bytes, plan: Self.plan, variables: ["first": 1], operation: Self.operation)
        let records = RecordTables(records: Dictionary(uniqueKeysWithValues: write.records.map { ($0.id, $0) }))
        let pageInfo = try #require(records.records[RecordID(Self.connection.rawValue + ".pageInfo")])
        guard case .errors(let kept)? = pageInfo.fields[FieldKey("endCursor")] else {
            Issue.record("endCursor holds \(String(describing: pageInfo.fields[FieldKey("endCursor")])), not its error")
            return
        }
        #expect(kept.map(\.message) == ["cursors are down"])
        let read = RecordReader.read(Self.plan, variables: ["first": 1], from: records)
        #expect(read.missing.isEmpty)
        #expect(read.errors.map(\.message) == ["cursors are down"])
        #expect(read.errors.first?.path == [.key("posts"), .key("pageInfo"), .key("endCursor")])
        #expect(read.data.plannedJSON(Self.plan.selections) == ["posts": ["edges": [["node": ["title": "One"]]]]])
    }

    @Test func aResponseOmittingOneIsMalformed() throws {
        let omitted = Self.response(edge: #"{"node":{"title":"One","id":"1"}}"#)
        let error = try #require(throws: IngestError.self) {
            try ResponseNormalizer.normalize(responseBytes: omitted, plan: Self.plan, variables: ["first": 1], operation: Self.operation)
        }
        #expect(error.code == .fieldOmitted)
        #expect(error.path == [.key("posts"), .key("edges"), .index(0), .key("cursor")])
        let parsed = try JSONValue(parsing: omitted)
        #expect(throws: IngestError.self) {
            try ResponseNormalizer.normalize(
                GraphQLResponse(data: parsed.objectValue?["data"]), plan: Self.plan, variables: ["first": 1],
                operation: Self.operation)
        }
    }
}
