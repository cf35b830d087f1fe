@_spi(Generated) import BatonCore
import Testing

/// Normalizing response bytes straight from the bytes and by parsing them first, side by side:
/// the plans, fixtures and mutations the differential tests run both ways.
public enum BytesDifferential {
    /// The outcome of one normalization, a write or the error.
    public typealias Outcome = Result<StoreWrite, IngestError>

    /// Both normalizations of `bytes`. - Returns: the parsed one's outcome, and the bytes one's
    /// write when it decided (`nil` when it left the input to the parsed one).
    public static func both(
        _ bytes: [UInt8], plan: OperationPlan, variables: JSONObject = [:], stored: (any RecordSource)? = nil
    ) -> (parsed: Outcome, fromBytes: StoreWrite?, entry: Outcome) {
        let operation = OperationKey(operationID: plan.name, variables: "{}")
        let parsed = Outcome { () throws(IngestError) in
            try ResponseNormalizer.normalizeParsing(
                responseBytes: bytes, plan: plan, variables: variables, operation: operation, fetched: nil, comparingWith: stored)
        }
        let fromBytes = ResponseNormalizer.normalizeWithoutTree(
            responseBytes: bytes, plan: plan, variables: variables, operation: operation, fetched: nil, comparingWith: stored)
        let entry = Outcome { () throws(IngestError) in
            try ResponseNormalizer.normalize(
                responseBytes: bytes, plan: plan, variables: variables, operation: operation, comparingWith: stored)
        }
        return (parsed, fromBytes, entry)
    }

    public static let characterFields: [Selection] = [
        .field(PlanField(name: "__typename", type: .nonNull(.named("String")))),
        .field(PlanField(name: "id", type: .nonNull(.named("ID")))),
        .field(PlanField(name: "name", type: .named("String"))),
    ]

    public static let friendsFragment = FragmentPlan(
        name: "Friends", typeCondition: "Character", possibleTypes: ["Human", "Droid"],
        selections: [
            .field(
                PlanField(
                    name: "friends", arguments: [PlanArgument(name: "first", value: .variable("first"))],
                    type: .list(.named("Character")), selections: characterFields))
        ])

    /// The fuzz target's plan: keys, aliases, arguments, lists of lists, type conditions, a
    /// fragment, `@include`, `@defer`, an abstract list.
    public static let hero = OperationPlan(
        name: "Hero", operationType: .query, rootTypename: "Query",
        selections: [
            .field(
                PlanField(
                    name: "hero", alias: "lead", arguments: [PlanArgument(name: "episode", value: .literal("JEDI"))],
                    type: .nonNull(.named("Character")),
                    selections: characterFields + [
                        .inlineFragment(
                            InlineFragment(
                                typeCondition: "Droid", possibleTypes: ["Droid"],
                                selections: [.field(PlanField(name: "primaryFunction", type: .named("String")))])),
                        .inlineFragment(
                            InlineFragment(
                                typeCondition: "Human", possibleTypes: ["Human"],
                                selections: [
                                    .field(
                                        PlanField(
                                            name: "height", arguments: [PlanArgument(name: "unit", value: .literal("METER"))],
                                            type: .named("Float"))),
                                    .field(
                                        PlanField(
                                            name: "starships", type: .list(.list(.nonNull(.named("Starship")))),
                                            selections: [.field(PlanField(name: "name", type: .nonNull(.named("String"))))])),
                                ])),
                        .condition(
                            Condition(
                                variable: "withFriends", passingValue: true,
                                selections: [.fragmentSpread(FragmentSpread(fragment: friendsFragment))])),
                        .deferred(
                            Deferred(
                                label: "appears",
                                selections: [.field(PlanField(name: "appearsIn", type: .nonNull(.list(.named("Episode")))))])),
                    ])),
            .field(
                PlanField(
                    name: "search",
                    arguments: [
                        PlanArgument(
                            name: "text",
                            value: .object([PlanArgument(name: "term", value: .list([.literal("a"), .variable("first")]))]))
                    ], type: .list(.named("SearchResult")),
                    selections: [
                        .field(PlanField(name: "__typename", type: .nonNull(.named("String")))),
                        .inlineFragment(
                            InlineFragment(typeCondition: "Character", possibleTypes: ["Human", "Droid"], selections: characterFields)),
                    ])),
        ],
        cacheKeys: CacheKeys(["Starship": ["name"]]))

    public static let heroVariables: [JSONObject] = [
        ["first": .int(2), "withFriends": .bool(true)], ["first": .int(2), "withFriends": .bool(false)],
    ]

    /// A concrete list with no `__typename` selected, keyed by `id`, with an unkeyed child and
    /// a custom scalar: the shape of the benchmark's payload and of most lists.
    public static let items = OperationPlan(
        name: "Items", operationType: .query, rootTypename: "Query",
        selections: [
            .field(
                PlanField(
                    name: "items", type: .nonNull(.list(.nonNull(.named("Item")))),
                    selections: [
                        .field(PlanField(name: "id", type: .nonNull(.named("ID")))),
                        .field(PlanField(name: "name", type: .nonNull(.named("String")))),
                        .field(PlanField(name: "price", type: .named("Float"))),
                        .field(PlanField(name: "meta", type: .named("JSON"))),
                        .field(PlanField(name: "tags", type: .list(.named("String")))),
                        .field(
                            PlanField(
                                name: "owner", alias: "by", type: .named("User"),
                                selections: [
                                    .field(PlanField(name: "id", type: .nonNull(.named("ID")))),
                                    .field(PlanField(name: "name", type: .nonNull(.named("String")))),
                                ])),
                        .field(
                            PlanField(
                                name: "stats", type: .named("Stats"),
                                selections: [.field(PlanField(name: "views", type: .named("Int")))])),
                    ]))
        ])

    /// Responses each plan reads, whole and well formed, in the order servers write them and not.
    public static let heroFixtures: [String] = [
        #"{"data":{"lead":{"__typename":"Droid","id":"2","name":null,"primaryFunction":"astromech","friends":null},"search":null},"errors":[{"message":"no name","path":["lead","name"]},{"message":"gone"}]}"#,
        #"{"data":{"lead":{"__typename":"Human","id":"1","name":"Luke","height":1.72,"starships":[[{"name":"X-wing"}],null],"friends":[{"__typename":"Droid","id":"2","name":"R2"}],"appearsIn":["JEDI"]},"search":[{"__typename":"Droid","id":"2","name":"R2"},{"__typename":"Starship"}]}}"#,
        #"{"data":null,"errors":[{"message":"denied","extensions":{"code":"FORBIDDEN"}}]}"#,
        #"{"data":{"lead":{"__typename":"Human","id":"1"}}}"#,
        #"{"errors":[{"message":"late","path":["lead","friends",0,"name"]}],"data":{"lead":{"__typename":"Human","id":"1","name":"Luke","height":null,"starships":null,"friends":[{"__typename":"Droid","id":"2","name":null}]},"search":[]}}"#,
        #"{"data":{"lead":{"__typename":"Human","id":"1","name":"Luke","height":2,"starships":[],"friends":[],"appearsIn":null},"search":null},"errors":[{"message":"late","path":["search"]}],"extensions":{"cost":3},"hasNext":false}"#,
        #"{"data":{"search":[{"__typename":"Human","name":"Han","id":"5"}],"lead":{"friends":[{"id":"3","__typename":"Human","name":"Leia"}],"starships":[[{"name":"Falcon"},{"name":"Falcon"}]],"height":1.8,"name":"Han","id":"5","__typename":"Human"}}}"#,
        #"{"data":{"lead":{"__typename":"Droid","id":2,"name":"R2 \"unit\" \u00e9\ud83d\ude00","primaryFunction":"astro\nmech","friends":[null]},"search":[{"__typename":"Droid","id":2.5,"name":"é"}]},"extensions":null}"#,
        #"{"data":{"lead":{"__typename":"Droid","id":"2","name":"R2","primaryFunction":"a","friends":[{"__typename":"Human","id":"1","name":"L"},{"__typename":"Human","id":"1","name":"M"}]},"search":[{"__typename":"Human","id":"1","name":"N"}]}}"#,
        #"{"data":{"lead":{"__typename":"Human","id":"1","name":"Luke","height":1.72,"starships":[[{"name":"X"}]],"friends":null,"appearsIn":["JEDI",null,"EMPIRE"]},"search":null},"errors":[{"message":"bad ship","path":["lead","starships",0,0,"name"],"locations":[{"line":1,"column":2}],"extensions":{"code":"X"}}]}"#,
        #"{"data":{"lead":{"__typename":"Human","id":null,"name":"Nobody","height":null,"friends":[{"__typename":"Droid","id":null,"name":"anon"}],"starships":[[{"name":"Y"}]]},"search":[{"__typename":"Planet","id":"9"}]}}"#,
        #"  {"data" : { "lead" : { "__typename" : "Droid" , "id" : "2" , "name" : "R2" , "primaryFunction" : "x" , "friends" : [ ] } , "search" : null } }  "#,
        #"{"data":{"lead":{"id":"2","name":"R2","primaryFunction":"x","friends":[],"__typename":"Droid"},"search":null}}"#,
        #"{"data":{"lead":{"friends":[],"__typename":"Droid","id":"2","name":"R2","primaryFunction":"x"},"search":null}}"#,
        #"{"data":{"lead":{"__typename":"Droid","friends":[],"id":"2","name":"R2","primaryFunction":"x"},"search":null}}"#,
    ]

    public static let itemsFixtures: [String] = [
        #"{"data":{"items":[{"__typename":"Item","id":"1","name":"One","price":1.5,"meta":{"b":1,"a":[true,null]},"tags":["x","y"],"by":{"__typename":"User","id":"u1","name":"Ann"},"stats":{"views":10}},{"__typename":"Item","id":"2","name":"Two","price":-0,"meta":null,"tags":null,"by":null,"stats":null}]}}"#,
        #"{"data":{"items":[{"id":"1","name":"One","price":1e2,"meta":"text","tags":[],"by":{"id":"u1","name":"Ann"},"stats":{"views":null}}]}}"#,
        #"{"data":{"items":[{"stats":{"views":1},"by":{"name":"Ann","id":"u1"},"tags":["t"],"meta":[1,{"k":"v"}],"price":2,"name":"One","id":"1"}]}}"#,
        #"{"data":{"items":[{"id":"1","name":"One","price":1,"meta":1,"tags":["a"],"by":{"id":"u1","name":"Ann"},"stats":{"views":1},"extra":{"deep":[[[]]]}},{"id":"1","name":"Again","price":1,"meta":1,"tags":["a"],"by":{"id":"u2","name":"Bo"},"stats":{"views":2}}]}}"#,
        #"{"data":{"items":[{"id":"1","name":"x","price":1,"meta":{"a":1,"a":2},"tags":null,"by":null,"stats":null}]}}"#,
        #"{"data":{"items":[{"name":"x","price":1,"meta":1,"tags":null,"by":null,"stats":{"views":3},"id":"late"}]}}"#,
        #"{"data":{"items":[{"by":{"id":"u1","name":"Ann"},"id":"1","name":"x","price":1,"meta":1,"tags":null,"stats":null}]}}"#,
        #"{"data":{"items":[]},"hasNext":true}"#,
        #"{"data":{"items":[{"__typename":"Gadget","id":"g","name":"G","price":1,"meta":1,"tags":null,"by":null,"stats":null}]}}"#,
    ]

    /// A small deterministic generator, so a failing mutation is the same on every run.
    public struct Generator: RandomNumberGenerator {
        var state: UInt64

        public init(state: UInt64) {
            self.state = state
        }

        public mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// The bytes of `value` with every object's members shuffled.
    public static func shuffled(_ value: JSONValue, _ generator: inout Generator) -> JSONValue {
        switch value {
        case .object(let object):
            var members = object.members.map { JSONObject.Member(key: $0.key, value: shuffled($0.value, &generator)) }
            members.shuffle(using: &generator)
            return .object(JSONObject(uniqueMembers: members))
        case .list(let elements):
            return .list(elements.map { shuffled($0, &generator) })
        default:
            return value
        }
    }

    /// Bytes a few edits away from `bytes`: deleted, inserted, replaced or repeated runs.
    public static func mutated(_ bytes: [UInt8], _ generator: inout Generator) -> [UInt8] {
        var bytes = bytes
        let alphabet = Array(#"{}[]:,"\ 0123456789-+.eEtrufalsn_abcdeidname__typename"#.utf8) + [0x00, 0x0A, 0xC3, 0xA9, 0xFF]
        for _ in 0..<Int.random(in: 1...3, using: &generator) {
            guard !bytes.isEmpty else { break }
            let at = Int.random(in: 0..<bytes.count, using: &generator)
            switch Int.random(in: 0..<5, using: &generator) {
            case 0: bytes.remove(at: at)
            case 1: bytes.insert(alphabet.randomElement(using: &generator) ?? 0, at: at)
            case 2: bytes[at] = alphabet.randomElement(using: &generator) ?? 0
            case 3:
                let end = min(bytes.count, at + Int.random(in: 1...12, using: &generator))
                bytes.insert(contentsOf: bytes[at..<end], at: at)
            default: bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 1...8, using: &generator)))
            }
        }
        return bytes
    }

    /// Runs both normalizations and records an issue unless they agree. - Returns: whether the
    /// reading from the bytes decided the input itself.
    @discardableResult
    public static func expectAlike(
        _ bytes: [UInt8], plan: OperationPlan, variables: JSONObject = [:], stored: (any RecordSource)? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> Bool {
        let (parsed, fromBytes, entry) = BytesDifferential.both(bytes, plan: plan, variables: variables, stored: stored)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(entry == parsed, "the entry point differs from the parsed normalization for \(text)", sourceLocation: sourceLocation)
        if let fromBytes {
            #expect(Outcome.success(fromBytes) == parsed, "the bytes reading differs for \(text)", sourceLocation: sourceLocation)
        }
        return fromBytes != nil
    }

    public static var cases: [(plan: OperationPlan, variables: JSONObject, fixture: String)] {
        BytesDifferential.heroVariables.flatMap { variables in
            BytesDifferential.heroFixtures.map { (BytesDifferential.hero, variables, $0) }
        } + BytesDifferential.itemsFixtures.map { (BytesDifferential.items, [:], $0) }
    }

    /// What the store would hold after writing `write`.
    package static func tables(_ write: StoreWrite) -> RecordTables {
        var tables = RecordTables()
        for record in write.records { tables.records[record.id] = tables.records[record.id]?.merging(record) ?? record }
        return tables
    }
}
