import BatonCompiler
import BatonCore

/// A small schema for planning and generation tests.
let planningSchemaText = """
    interface Pet { name: String! owner: Person }
    type Dog implements Pet { name: String! owner: Person barks: Boolean! tags(first: Int, filter: TagFilter): [String!] }
    type Cat implements Pet { name: String! owner: Person meows: Boolean lives: Int @semanticNonNull }
    type Person { name: String! pets: [Pet!]! best: Pet }
    union Animal = Dog | Cat
    input TagFilter { prefix: String, limit: Int }
    enum Mood { HAPPY GRUMPY }
    type Query { pet(id: ID!): Pet dog: Dog animals: [Animal] person: Person mood: Mood }
    type Mutation { adopt(name: String!): Pet }
    """

func planningSchema() throws -> Schema {
    try Schema(sdl: planningSchemaText)
}

/// The plans of `text` against the planning schema.
func plan(_ text: String) throws -> PlannedDocuments {
    try Planner.plan([Parser.parse(text)], schema: planningSchema())
}

/// The fields of a selection list by response key, looking through nothing.
func fieldNames(_ selections: [Selection]) -> [String] {
    selections.compactMap {
        if case .field(let field) = $0 { return field.responseKey }
        return nil
    }
}
