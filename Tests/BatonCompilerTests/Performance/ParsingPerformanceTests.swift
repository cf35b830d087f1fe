import Testing

@testable import BatonCompiler

/// A schema of `count` types: objects in a chain that each implement an interface and link to the
/// next, with enums, inputs and unions between them.
func generatedSchema(types count: Int) -> String {
    var sdl = "type Query {\n  root: Object0\n  node(id: ID!): Node\n}\n\ninterface Node {\n  id: ID!\n}\n\n"
    let objects = count / 2
    for index in 0..<objects {
        let next = (index + 1) % objects
        sdl += """
            "Object number \(index)."
            type Object\(index) implements Node {
              id: ID!
              name: String
              count(filter: Input\(index % (count / 4)), first: Int = 10): Int!
              tags: [String!]!
              kind: Enum\(index % (count / 8))
              next: Object\(next)
              items(after: String): [Object\(next)!]
              union: Union\(index % (count / 8))
            }


            """
    }
    for index in 0..<(count / 4) {
        sdl += "input Input\(index) {\n  text: String\n  limit: Int = 5\n  kinds: [Enum\(index % (count / 8))!]\n}\n\n"
    }
    for index in 0..<(count / 8) {
        sdl += "enum Enum\(index) {\n  A\n  B\n  C @deprecated\n}\n\n"
        sdl += "union Union\(index) = Object\(index) | Object\(index + 1)\n\n"
    }
    return sdl
}

/// `count` operations over the generated schema, each a few levels deep with a fragment.
func generatedOperations(count: Int) -> String {
    var text = ""
    for index in 0..<count {
        text += """
            query Operation\(index)($filter: Input\(index % 100), $after: String) {
              root {
                id
                name
                count(filter: $filter, first: 20)
                next {
                  ...Fields\(index)
                  items(after: $after) {
                    id
                    kind
                    union {
                      ... on Object\(index % 200) { name }
                      ... on Node { id }
                    }
                  }
                }
              }
            }

            fragment Fields\(index) on Object1 {
              id
              tags
              next { name next { name } }
            }


            """
    }
    return text
}

@Suite struct ParsingPerformanceTests {
    @Test func parsesALargeSchemaAndManyOperations() throws {
        let sdl = generatedSchema(types: 2_000)
        let operations = generatedOperations(count: 500)
        let clock = ContinuousClock()
        var schema: Schema?
        let schemaTime = try clock.measure {
            schema = try Schema(sdl: sdl)
        }
        var document: DocumentNode?
        let operationsTime = try clock.measure {
            document = try Parser.parse(Source(operations), maxTokens: 1_000_000)
        }
        let typeCount = schema?.types.filter { !$0.name.hasPrefix("__") }.count ?? 0
        #expect(typeCount >= 2_000)
        #expect(document?.operations.count == 500)
        #expect(document?.fragments.count == 500)
        print(
            "Parsed and built a \(typeCount)-type schema (\(sdl.utf8.count / 1024) KiB) in \(schemaTime);",
            "parsed 500 operations and 500 fragments (\(operations.utf8.count / 1024) KiB) in \(operationsTime) (debug build)."
        )
        // A loose bound that catches accidental quadratic work even in a debug build on a busy machine.
        #expect(schemaTime + operationsTime < .seconds(30))
    }
}
