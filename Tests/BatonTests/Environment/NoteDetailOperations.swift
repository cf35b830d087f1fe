import Baton
@_spi(Generated) import BatonCore
import Foundation

/// `{ __typename id text revision author { __typename id name } }` of a note: an object with a
/// nested object, for payloads that carry part of it.
enum NoteDetail {
    static let selections: [Selection] = [
        .field(PlanField(name: "__typename", type: .nonNull(.named("String")))),
        .field(PlanField(name: "id", type: .nonNull(.named("ID")))),
        .field(PlanField(name: "text", type: .nonNull(.named("String")))),
        .field(PlanField(name: "revision", type: .nonNull(.named("Int")))),
        .field(
            PlanField(
                name: "author", type: .nonNull(.named("User")),
                selections: [
                    .field(PlanField(name: "__typename", type: .nonNull(.named("String")))),
                    .field(PlanField(name: "id", type: .nonNull(.named("ID")))),
                    .field(PlanField(name: "name", type: .nonNull(.named("String")))),
                ])),
    ]

    /// The selection read through the generated accessors.
    struct View: SelectionSet {
        let __data: DataObject
        init(__data: DataObject) { self.__data = __data }
        var text: String { __data["text"].string() }
        var revision: Int { __data["revision"].int() }
        var authorName: String { __data["author"].object(Author.self).name }
    }

    struct Author: SelectionSet {
        let __data: DataObject
        init(__data: DataObject) { self.__data = __data }
        var name: String { __data["name"].string() }
    }
}

/// `query NoteDetail($id: ID!) { note(id: $id) { __typename id text revision author { __typename id name } } }`.
struct NoteDetailQuery: GraphQLOperation {
    static let operationName = "NoteDetail"
    static let operationType: GraphQLRequest.OperationType = .query
    static let document = "query NoteDetail($id: ID!) { note(id: $id) { __typename id text revision author { __typename id name } } }"
    static let operationID = "test-note-detail-query"
    static let plan = OperationPlan(
        name: "NoteDetail", operationType: .query, rootTypename: "Query",
        selections: [
            .field(
                PlanField(
                    name: "note", arguments: [PlanArgument(name: "id", value: .variable("id"))], type: .nonNull(.named("Note")),
                    selections: NoteDetail.selections))
        ])

    struct Variables: OperationVariables {
        var id: String
        var json: JSONObject { ["id": .string(id)] }
    }

    var variables: Variables

    init(id: String) {
        variables = Variables(id: id)
    }

    struct Data: OperationData {
        static var __plan: OperationPlan { NoteDetailQuery.plan }
        let __data: DataObject
        init(__data: DataObject) { self.__data = __data }
        var note: NoteDetail.View { __data["note"].object(NoteDetail.View.self) }
    }
}

/// `mutation SetNoteDetail($id: ID!, $text: String!, $delayMs: Int) { setNote(id: $id, text: $text, delayMs: $delayMs) { __typename id text revision author { __typename id name } } }`.
struct SetNoteDetailMutation: GraphQLOperation {
    static let operationName = "SetNoteDetail"
    static let operationType: GraphQLRequest.OperationType = .mutation
    static let document =
        "mutation SetNoteDetail($id: ID!, $text: String!, $delayMs: Int) { setNote(id: $id, text: $text, delayMs: $delayMs) { __typename id text revision author { __typename id name } } }"
    static let operationID = "test-set-note-detail-mutation"
    static let plan = OperationPlan(
        name: "SetNoteDetail", operationType: .mutation, rootTypename: "Mutation",
        selections: [
            .field(
                PlanField(
                    name: "setNote",
                    arguments: [
                        PlanArgument(name: "id", value: .variable("id")), PlanArgument(name: "text", value: .variable("text")),
                        PlanArgument(name: "delayMs", value: .variable("delayMs")),
                    ],
                    type: .nonNull(.named("Note")), selections: NoteDetail.selections))
        ])

    typealias Variables = SetNoteMutation.Variables
    var variables: Variables

    init(id: String, text: String, delayMs: Int = 0) {
        variables = Variables(id: id, text: text, delayMs: delayMs)
    }

    struct Data: OperationData {
        static var __plan: OperationPlan { SetNoteDetailMutation.plan }
        let __data: DataObject
        init(__data: DataObject) { self.__data = __data }
        var setNote: NoteDetail.View { __data["setNote"].object(NoteDetail.View.self) }
    }
}
