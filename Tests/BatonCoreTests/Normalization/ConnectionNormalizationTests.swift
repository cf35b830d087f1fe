@_spi(Generated) import BatonCore
import CoreTestSupport
import Foundation
import Testing

/// A `@connection` field's page as the normalizer writes it, from bytes and from the tree alike:
/// under the connection's key, its object identified by its place under the parent even when
/// it has an `id`, so every page lands on one connection record to merge into.
@Suite("Normalizer: connection pages")
struct ConnectionNormalizationTests {
    static let plan = OperationPlan(
        name: "Posts", operationType: .query, rootTypename: "Query",
        selections: [
            .field(
                PlanField(
                    name: "posts", arguments: [PlanArgument(name: "first", value: .variable("first"))], type: .named("PostConnection"),
                    selections: [
                        .field(PlanField(name: "__id", type: .nonNull(.named("ID")))),
                        .field(PlanField(name: "id", type: .named("ID"))),
                        .field(
                            PlanField(
                                name: "edges", type: .list(.named("PostEdge")),
                                selections: [
                                    .field(PlanField(name: "cursor", type: .named("String"))),
                                    .field(
                                        PlanField(
                                            name: "node", type: .named("Post"),
                                            selections: [.field(PlanField(name: "id", type: .named("ID")))])),
                                ])),
                    ], connection: PlanConnection(key: "Posts", filters: [])))
        ])

    @Test func aPageIsWrittenUnderTheConnectionsKeyAtItsPlaceWhateverItsID() throws {
        let text = #"{"data":{"posts":{"id":"server-connection","edges":[{"cursor":"c0","node":{"id":"1"}}]}}}"#
        #expect(BytesDifferential.expectAlike(Array(text.utf8), plan: Self.plan, variables: ["first": 1]))
        let write = try ResponseNormalizer.normalize(
            responseBytes: Array(text.utf8), plan: Self.plan, variables: ["first": 1],
            operation: OperationKey(operationID: "Posts", variables: "{}"))
        let root = try #require(write.records.first { $0.id == .queryRoot })
        let connection = RecordID("client:root.__Posts_connection")
        #expect(root.fields[FieldKey("__Posts_connection")] == .link(connection))
        #expect(write.records.contains { $0.id == connection })
        #expect(!write.records.contains { $0.id.rawValue.hasPrefix("PostConnection:") })
        // `__id` is the store's to answer: the response never has it, and it is no omission.
        #expect(write.records.first { $0.id == connection }?.fields[FieldKey("__id")] == nil)
    }
}
