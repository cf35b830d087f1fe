@_spi(Generated) @testable import BatonCore
import FuzzSupport

/// Ingest of any JSON against a fixed plan (keys, aliases, arguments, lists of lists, type
/// conditions, a fragment, `@include`, `@defer`): a write, or an ``IngestError`` saying what is
/// wrong, never a trap. Reading straight from the bytes must agree with normalizing the parsed
/// response wherever it decides, alone and compared with a store holding an earlier response.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzNormalizer(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = FuzzInput.bytes(data, size)
    let variables: JSONObject = ["first": .int(2), "withFriends": .bool(input.first.map { $0 & 1 == 1 } ?? true)]
    let operation = OperationKey(operationID: "Hero", variables: "{}")
    for stored in [nil, held] as [RecordTables?] {
        let parsed = Result { () throws(IngestError) in
            try ResponseNormalizer.normalizeParsing(
                responseBytes: input, plan: plan, variables: variables, operation: operation, fetched: nil, comparingWith: stored)
        }
        if case .failure(let error) = parsed, error.message.isEmpty {
            FuzzInput.fail("an ingest error with no message: \(error.code)")
        }
        if let fromBytes = ResponseNormalizer.normalizeWithoutTree(
            responseBytes: input, plan: plan, variables: variables, operation: operation, fetched: nil, comparingWith: stored),
            parsed != .success(fromBytes)
        {
            FuzzInput.fail("the bytes reading wrote \(fromBytes), the parsed response \(parsed)")
        }
    }
    return 0
}

/// What the store holds after an earlier response, for the comparison.
let held: RecordTables = {
    let earlier = #"{"data":{"lead":{"__typename":"Human","id":"1","name":"Luke","height":1.72,"starships":[[{"name":"X-wing"}],null],"friends":[{"__typename":"Droid","id":"2","name":"R2"}],"appearsIn":["JEDI"]},"search":[{"__typename":"Droid","id":"2","name":"R2"},{"__typename":"Starship"}]}}"#
    var tables = RecordTables()
    let write = try? ResponseNormalizer.normalize(
        responseBytes: Array(earlier.utf8), plan: plan, variables: ["first": .int(2), "withFriends": .bool(true)],
        operation: OperationKey(operationID: "Hero", variables: "{}"))
    for record in write?.records ?? [] { tables.records[record.id] = tables.records[record.id]?.merging(record) ?? record }
    return tables
}()

let characterFields: [Selection] = [
    .field(PlanField(name: "__typename", type: .nonNull(.named("String")))),
    .field(PlanField(name: "id", type: .nonNull(.named("ID")))),
    .field(PlanField(name: "name", type: .named("String"))),
]

let friendsFragment = FragmentPlan(
    name: "Friends", typeCondition: "Character", possibleTypes: ["Human", "Droid"],
    selections: [
        .field(PlanField(
            name: "friends", arguments: [PlanArgument(name: "first", value: .variable("first"))],
            type: .list(.named("Character")), selections: characterFields)),
    ])

let plan = OperationPlan(
    name: "Hero", operationType: .query, rootTypename: "Query",
    selections: [
        .field(PlanField(
            name: "hero", alias: "lead", arguments: [PlanArgument(name: "episode", value: .literal("JEDI"))],
            type: .nonNull(.named("Character")),
            selections: characterFields + [
                .inlineFragment(InlineFragment(typeCondition: "Droid", possibleTypes: ["Droid"], selections: [
                    .field(PlanField(name: "primaryFunction", type: .named("String"))),
                ])),
                .inlineFragment(InlineFragment(typeCondition: "Human", possibleTypes: ["Human"], selections: [
                    .field(PlanField(name: "height", arguments: [PlanArgument(name: "unit", value: .literal("METER"))], type: .named("Float"))),
                    .field(PlanField(name: "starships", type: .list(.list(.nonNull(.named("Starship")))), selections: [
                        .field(PlanField(name: "name", type: .nonNull(.named("String")))),
                    ])),
                ])),
                .condition(Condition(variable: "withFriends", passingValue: true, selections: [
                    .fragmentSpread(FragmentSpread(fragment: friendsFragment)),
                ])),
                .deferred(Deferred(label: "appears", selections: [
                    .field(PlanField(name: "appearsIn", type: .nonNull(.list(.named("Episode"))))),
                ])),
            ])),
        .field(PlanField(name: "search", arguments: [
            PlanArgument(name: "text", value: .object([PlanArgument(name: "term", value: .list([.literal("a"), .variable("first")]))])),
        ], type: .list(.named("SearchResult")), selections: [
            .field(PlanField(name: "__typename", type: .nonNull(.named("String")))),
            .inlineFragment(InlineFragment(typeCondition: "Character", possibleTypes: ["Human", "Droid"], selections: characterFields)),
        ])),
    ],
    cacheKeys: CacheKeys(["Starship": ["name"]]))
