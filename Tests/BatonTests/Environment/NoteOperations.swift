import Baton
@_spi(Generated) import BatonCore
import Foundation

/// `query Note($id: ID!, $delayMs: Int) { note(id: $id, delayMs: $delayMs) { __typename id text } }`,
/// written as `baton generate` writes an operation, for the environment's tests against the
/// reference server's notes.
struct NoteQuery: GraphQLOperation {
    static let operationName = "Note"
    static let operationType: GraphQLRequest.OperationType = .query
    static let document = "query Note($id: ID!, $delayMs: Int) { note(id: $id, delayMs: $delayMs) { __typename id text } }"
    static let operationID = "test-note-query"
    static let plan = OperationPlan(
        name: "Note", operationType: .query, rootTypename: "Query",
        selections: [
            .field(
                PlanField(
                    name: "note",
                    arguments: [PlanArgument(name: "id", value: .variable("id")), PlanArgument(name: "delayMs", value: .variable("delayMs"))],
                    type: .nonNull(.named("Note")), selections: noteSelections))
        ])
    static let noteSelections: [Selection] = [
        .field(PlanField(name: "__typename", type: .nonNull(.named("String")))),
        .field(PlanField(name: "id", type: .nonNull(.named("ID")))),
        .field(PlanField(name: "text", type: .nonNull(.named("String")))),
    ]

    struct Variables: OperationVariables {
        var id: String
        var delayMs: Int
        var json: JSONObject { ["id": .string(id), "delayMs": .int(Int64(delayMs))] }
    }

    var variables: Variables

    init(id: String, delayMs: Int = 0) {
        variables = Variables(id: id, delayMs: delayMs)
    }

    struct Data: OperationData {
        static var __plan: OperationPlan { NoteQuery.plan }
        let __data: DataObject
        init(__data: DataObject) { self.__data = __data }
        var note: Note { __data["note"].object(Note.self) }
    }
}

/// The selection `{ __typename id text }` of a note.
struct Note: SelectionSet {
    let __data: DataObject
    init(__data: DataObject) { self.__data = __data }
    var id: String { __data["id"].string() }
    var text: String { __data["text"].string() }
}

/// `mutation SetNote($id: ID!, $text: String!, $delayMs: Int) { setNote(id: $id, text: $text, delayMs: $delayMs) { __typename id text } }`.
struct SetNoteMutation: GraphQLOperation {
    static let operationName = "SetNote"
    static let operationType: GraphQLRequest.OperationType = .mutation
    static let document =
        "mutation SetNote($id: ID!, $text: String!, $delayMs: Int) { setNote(id: $id, text: $text, delayMs: $delayMs) { __typename id text } }"
    static let operationID = "test-set-note-mutation"
    static let plan = OperationPlan(
        name: "SetNote", operationType: .mutation, rootTypename: "Mutation",
        selections: [
            .field(
                PlanField(
                    name: "setNote",
                    arguments: [
                        PlanArgument(name: "id", value: .variable("id")), PlanArgument(name: "text", value: .variable("text")),
                        PlanArgument(name: "delayMs", value: .variable("delayMs")),
                    ],
                    type: .nonNull(.named("Note")), selections: NoteQuery.noteSelections))
        ])

    struct Variables: OperationVariables {
        var id: String
        var text: String
        var delayMs: Int
        var json: JSONObject { ["id": .string(id), "text": .string(text), "delayMs": .int(Int64(delayMs))] }
    }

    var variables: Variables

    init(id: String, text: String, delayMs: Int = 0) {
        variables = Variables(id: id, text: text, delayMs: delayMs)
    }

    struct Data: OperationData {
        static var __plan: OperationPlan { SetNoteMutation.plan }
        let __data: DataObject
        init(__data: DataObject) { self.__data = __data }
        var setNote: Note { __data["setNote"].object(Note.self) }
    }
}

/// `query ItemOwner { items(count: 1) { __typename id name owner { __typename id name } } }`:
/// an item and its owner, whose link another operation can retarget.
struct ItemOwnerQuery: GraphQLOperation {
    static let operationName = "ItemOwner"
    static let operationType: GraphQLRequest.OperationType = .query
    static let document = "query ItemOwner { items(count: 1) { __typename id name owner { __typename id name } } }"
    static let operationID = "test-item-owner-query"
    static let plan = OperationPlan(
        name: "ItemOwner", operationType: .query, rootTypename: "Query",
        selections: [
            .field(
                PlanField(
                    name: "items", arguments: [PlanArgument(name: "count", value: .literal(.int(1)))],
                    type: .nonNull(.list(.nonNull(.named("Item")))),
                    selections: [
                        .field(PlanField(name: "__typename", type: .nonNull(.named("String")))),
                        .field(PlanField(name: "id", type: .nonNull(.named("ID")))),
                        .field(PlanField(name: "name", type: .nonNull(.named("String")))),
                        .field(
                            PlanField(
                                name: "owner", type: .nonNull(.named("User")),
                                selections: [
                                    .field(PlanField(name: "__typename", type: .nonNull(.named("String")))),
                                    .field(PlanField(name: "id", type: .nonNull(.named("ID")))),
                                    .field(PlanField(name: "name", type: .nonNull(.named("String")))),
                                ])),
                    ]))
        ])

    var variables: NoVariables { NoVariables() }

    struct Data: OperationData {
        static var __plan: OperationPlan { ItemOwnerQuery.plan }
        let __data: DataObject
        init(__data: DataObject) { self.__data = __data }
        var ownerNames: [String] {
            __data["items"].list { $0.object(ItemView.self).owner.name }
        }
    }

    struct ItemView: SelectionSet {
        let __data: DataObject
        init(__data: DataObject) { self.__data = __data }
        var owner: OwnerView { __data["owner"].object(OwnerView.self) }
    }

    struct OwnerView: SelectionSet {
        let __data: DataObject
        init(__data: DataObject) { self.__data = __data }
        var name: String { __data["name"].string() }
    }
}

/// `query ItemOwnerID { items(count: 1) { __typename id owner { __typename id } } }`: the same
/// link with fewer fields, to retarget it to an owner fetched without a name.
struct ItemOwnerIDQuery: GraphQLOperation {
    static let operationName = "ItemOwnerID"
    static let operationType: GraphQLRequest.OperationType = .query
    static let document = "query ItemOwnerID { items(count: 1) { __typename id owner { __typename id } } }"
    static let operationID = "test-item-owner-id-query"
    static let plan = OperationPlan(
        name: "ItemOwnerID", operationType: .query, rootTypename: "Query",
        selections: [
            .field(
                PlanField(
                    name: "items", arguments: [PlanArgument(name: "count", value: .literal(.int(1)))],
                    type: .nonNull(.list(.nonNull(.named("Item")))),
                    selections: [
                        .field(PlanField(name: "__typename", type: .nonNull(.named("String")))),
                        .field(PlanField(name: "id", type: .nonNull(.named("ID")))),
                        .field(
                            PlanField(
                                name: "owner", type: .nonNull(.named("User")),
                                selections: [
                                    .field(PlanField(name: "__typename", type: .nonNull(.named("String")))),
                                    .field(PlanField(name: "id", type: .nonNull(.named("ID")))),
                                ])),
                    ]))
        ])

    var variables: NoVariables { NoVariables() }

    struct Data: OperationData {
        static var __plan: OperationPlan { ItemOwnerIDQuery.plan }
        let __data: DataObject
        init(__data: DataObject) { self.__data = __data }
    }
}

/// A transport that counts the requests it passes on, to see that handles share them.
final class CountingTransport: Transport {
    let base: any Transport
    private let count = CountBox()

    init(_ base: any Transport) {
        self.base = base
    }

    var requests: Int { count.value }

    func send(_ request: GraphQLRequest) -> AsyncThrowingStream<GraphQLResponse, any Error> {
        count.increment()
        return base.send(request)
    }
}

/// A counter shared across tasks.
final class CountBox: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func increment() { lock.withLock { count += 1 } }
}

/// ``NoteQuery`` with `@cacheExpiration(seconds: 1)` as generated code declares it.
struct ExpiringNoteQuery: GraphQLOperation {
    static let operationName = NoteQuery.operationName
    static let operationType = NoteQuery.operationType
    static let document = NoteQuery.document
    static let operationID = "test-expiring-note-query"
    static let plan = NoteQuery.plan
    static let cacheExpiration: Duration? = .seconds(1)

    typealias Data = NoteQuery.Data
    var variables: NoteQuery.Variables

    init(id: String) {
        variables = NoteQuery.Variables(id: id, delayMs: 0)
    }
}
