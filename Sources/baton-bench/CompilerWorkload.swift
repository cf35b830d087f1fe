/// A synthetic compiler workload: a schema of 2,000 types and 500 operations, each with a
/// fragment, written the same way every run.
///
/// The schema has enums, input objects, interfaces, unions and objects that link to one
/// another; each operation selects nested objects, lists with arguments, a named fragment,
/// type conditions on an interface and on a union, and variables.
enum CompilerWorkload {
    static let enumCount = 20
    static let inputCount = 30
    static let interfaceCount = 100
    static let unionCount = 50
    /// Objects, so that with the query type the schema has 2,000 types.
    static let objectCount = 2_000 - enumCount - inputCount - interfaceCount - unionCount - 1

    /// The schema's SDL.
    static func schema() -> String {
        var lines: [String] = []
        for index in 0..<enumCount {
            lines.append("enum Enum\(index) { A\(index) B\(index) C\(index) D\(index) E\(index) }")
        }
        for index in 0..<inputCount {
            lines.append(
                "input Input\(index) { name: String, limit: Int = 10, mode: Enum\(index % enumCount), next: Input\((index + 1) % inputCount) }")
        }
        for index in 0..<interfaceCount {
            lines.append("interface Iface\(index) { id: ID! name: String! score: Int }")
        }
        for index in 0..<unionCount {
            let members = (0..<5).map { "Type\((index * 5 + $0 * 7) % objectCount)" }
            lines.append("union Union\(index) = " + members.joined(separator: " | "))
        }
        for index in 0..<objectCount {
            let next = (index + 1) % objectCount
            lines.append(
                """
                type Type\(index) implements Iface\(index % interfaceCount) {
                  id: ID!
                  name: String!
                  score: Int
                  description: String
                  count: Int!
                  flag: Boolean
                  ratio: Float
                  status: Enum\(index % enumCount)
                  next: Type\(next)
                  children: [Type\((index + 7) % objectCount)!]!
                  related(first: Int, filter: Input\(index % inputCount)): [Type\((index + 13) % objectCount)]
                  owner: Iface\((index + 3) % interfaceCount)
                  pick: Union\(index % unionCount)
                }
                """)
        }
        let roots = (0..<objectCount).map { "  type\($0)(id: ID!): Type\($0)" }
        lines.append("type Query {\n" + roots.joined(separator: "\n") + "\n}")
        return lines.joined(separator: "\n\n")
    }

    /// Operation `index` and its fragment, as one document.
    static func document(_ index: Int) -> String {
        let type = index % objectCount
        let related = (type + 13) % objectCount
        let owner = (type + 3) % interfaceCount
        let ownerObject = (0..<objectCount).first { $0 % interfaceCount == owner } ?? 0
        let union = type % unionCount
        let members = (0..<2).map { (union * 5 + $0 * 7) % objectCount }
        return """
            query Operation\(index)($id: ID!, $first: Int, $filter: Input\(type % inputCount)) {
              item: type\(type)(id: $id) {
                id
                name
                score
                status
                next {
                  id
                  name
                  next {
                    id
                    count
                  }
                }
                children {
                  id
                  flag
                  ratio
                }
                related(first: $first, filter: $filter) {
                  ...Fragment\(index)
                }
                owner {
                  id
                  name
                  ... on Type\(ownerObject) {
                    count
                  }
                }
                pick {
                  ... on Type\(members[0]) {
                    id
                    name
                  }
                  ... on Type\(members[1]) {
                    description
                  }
                }
              }
            }

            fragment Fragment\(index) on Type\(related) {
              id
              name
              description
              next {
                id
              }
            }
            """
    }
}
