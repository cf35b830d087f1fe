@_spi(Generated) import BatonCore
import BatonTestSupport

/// Views written the way `baton generate` writes them, over a small Star Wars schema.
enum Episode: GraphQLEnum {
    case newHope
    case empire
    case unknown(String)

    init(rawValue: String) {
        switch rawValue {
        case "NEWHOPE": self = .newHope
        case "EMPIRE": self = .empire
        default: self = .unknown(rawValue)
        }
    }

    var rawValue: String {
        switch self {
        case .newHope: return "NEWHOPE"
        case .empire: return "EMPIRE"
        case .unknown(let raw): return raw
        }
    }

    static let allCases: [Episode] = [.newHope, .empire]
}

struct Hero: SelectionSet {
    let __data: DataObject
    init(__data: DataObject) { self.__data = __data }

    var id: String { __data["id"].string() }
    var name: String { __data["name"].string() }
    var nickname: String? { __data["nickname"].optional { $0.string() } }
    var height: Int { __data["height"].int() }
    var mass: Double { __data["mass"].double() }
    var isJedi: Bool { __data["isJedi"].bool() }
    var episode: Episode { __data["episode"].enumValue(Episode.self) }
    var episodes: [Episode?]? { __data["episodes"].optional { $0.list { $0.optional { $0.enumValue(Episode.self) } } } }
    var friends: [Friend] { __data["friends"].list { $0.object(Friend.self) } }
    var best: Friend { __data["best"].object(Friend.self) }
    var scores: [[Int]] { __data["scores"].list { $0.list { $0.int() } } }
    var catchResult: Result<String?, FieldErrors> { __data["rank"].catching { $0.optional { $0.string() } } }
    var catchNull: String? { __data["rank"].catchingToNull { $0.string() } }
    var homeworld: String {
        get throws(RequiredFieldError) { try __data["homeworld"].required { $0.string() } }
    }
    var secret: String? { __data["secret"].conditional { $0.string() } }
    var asDroid: AsDroid? { __data.viewIfPresent(AsDroid.self) }
    var details: HeroDetails { __data.view(HeroDetails.self) }

    struct Friend: SelectionSet {
        let __data: DataObject
        init(__data: DataObject) { self.__data = __data }
        var name: String { __data["name"].string() }
    }

    struct AsDroid: SelectionSet {
        let __data: DataObject
        init(__data: DataObject) { self.__data = __data }
        static var __possibleTypes: Set<String>? { ["Droid"] }
        var primaryFunction: String { __data["primaryFunction"].string() }
    }
}

struct HeroDetails: FragmentView {
    static let plan = FragmentPlan(
        name: "HeroDetails", typeCondition: "Character", possibleTypes: ["Human", "Droid"],
        selections: [
            .field(PlanField(name: "name", type: .nonNull(.named("String")))),
            .field(PlanField(name: "rank", type: .named("String"), catchTo: .null)),
        ],
        throwsOnFieldError: true)
    let __data: DataObject
    init(__data: DataObject) { self.__data = __data }
    var name: String { __data["name"].string() }
}

/// A selection set with `@required` fields: `pilot @required(action: LOG) { name @required(action: NONE) }`.
struct Ship: SelectionSet {
    let __data: DataObject
    init(__data: DataObject) { self.__data = __data }
    static var __requiredFields: [RequiredField] {
        [
            RequiredField("pilot", action: .log, object: Pilot.self),
            RequiredField("code", action: .none, isConditional: true),
        ]
    }
    var pilot: Pilot { __data["pilot"].object(Pilot.self) }

    struct Pilot: SelectionSet {
        let __data: DataObject
        init(__data: DataObject) { self.__data = __data }
        static var __requiredFields: [RequiredField] { [RequiredField("name", action: .none)] }
        var name: String { __data["name"].string() }
    }
}

struct ShipQuery: GraphQLOperation {
    static let document = "query Ship($id: ID!) { ship(id: $id) { pilot @required(action: LOG) { name @required(action: NONE) } } }"
    static let operationName = "Ship"
    static let operationType = GraphQLRequest.OperationType.query
    static let operationID = SHA256.hexDigest(document)
    static let plan = OperationPlan(
        name: "Ship", operationType: .query, rootTypename: "Query",
        selections: [
            .field(
                PlanField(
                    name: "ship", arguments: [PlanArgument(name: "id", value: .variable("id"))], type: .named("Ship"),
                    selections: [
                        .field(
                            PlanField(
                                name: "pilot", type: .named("Pilot"),
                                selections: [.field(PlanField(name: "name", type: .named("String"), required: RequiredAction.none))],
                                required: .log))
                    ]))
        ])
    static var onError: GraphQLRequest.ErrorBehavior? { .null }

    struct Variables: OperationVariables {
        var id: String
        var json: JSONObject {
            var json = JSONObject()
            json.setInput("id", id)
            return json
        }
    }

    var variables: Variables

    struct Data: OperationData {
        static var __plan: OperationPlan { ShipQuery.plan }
        let __data: DataObject
        init(__data: DataObject) { self.__data = __data }
        var ship: Ship? { __data["ship"].optional { $0.objectIfComplete(Ship.self) } }
    }
}

/// `query Root @throwOnFieldError { viewer @required(action: NONE) { name } rank @catch(to: RESULT) }`
struct RootQuery: GraphQLOperation {
    static let document = "query Root @throwOnFieldError { viewer @required(action: NONE) { name } rank @catch(to: RESULT) }"
    static let operationName = "Root"
    static let operationType = GraphQLRequest.OperationType.query
    static let operationID = SHA256.hexDigest(document)
    static let plan = OperationPlan(
        name: "Root", operationType: .query, rootTypename: "Query",
        selections: [
            .field(
                PlanField(
                    name: "viewer", type: .named("User"),
                    selections: [.field(PlanField(name: "name", type: .named("String")))], required: RequiredAction.none)),
            .field(PlanField(name: "rank", type: .named("String"), catchTo: .result)),
        ],
        throwsOnFieldError: true)

    var variables: NoVariables { NoVariables() }

    struct Data: OperationData {
        static var __plan: OperationPlan { RootQuery.plan }
        static var __requiredFields: [RequiredField] { [RequiredField("viewer", action: .none)] }
        let __data: DataObject
        init(__data: DataObject) { self.__data = __data }
        var viewerName: String? { __data["viewer"].object(Viewer.self).name }
        var rank: Result<String?, FieldErrors> { __data["rank"].catching { $0.optional { $0.string() } } }

        struct Viewer: SelectionSet {
            let __data: DataObject
            init(__data: DataObject) { self.__data = __data }
            var name: String? { __data["name"].optional { $0.string() } }
        }
    }
}

/// A hero read from `json` with `errors`, reporting to `sink`.
func hero(_ json: JSONObject, errors: [GraphQLError] = [], sink: RecordingEventSink) -> Hero {
    let root = DataObject(
        json: ["hero": .object(json)], errors: errors, owner: "HeroQuery", context: ReadContext(events: sink))
    return root["hero"].object(Hero.self)
}
