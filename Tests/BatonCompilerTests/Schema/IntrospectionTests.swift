import BatonCore
import Testing

@testable import BatonCompiler

@Suite struct IntrospectionTests {
    @Test func roundTripsTheTestSchema() throws {
        let schema = try Schema(sdl: try fixture("test-schema.graphql"))
        let json = schema.introspectionJSON()
        let rebuilt = try Schema(introspection: json)
        #expect(rebuilt.introspectionJSON() == json)
        #expect(rebuilt.types.map(\.name) == schema.types.map(\.name))
        #expect(rebuilt.directives.map(\.name) == schema.directives.map(\.name))
        #expect(rebuilt.rootTypeName(for: .subscription) == "Events")
        #expect(
            rebuilt.field(named: "friends", on: "User")?.argument(named: "orderBy")?.defaultValue.map(Printer.print)
                == "{ field: NAME, direction: ASC }")
        #expect(rebuilt.inputObjectType(named: "UserBy")?.isOneOf == true)
        #expect(rebuilt.scalarType(named: "DateTime")?.specifiedByURL == schema.scalarType(named: "DateTime")?.specifiedByURL)
        #expect(rebuilt.field(named: "nickname", on: "User")?.deprecationReason == "Use `name`.")
        #expect(rebuilt.implementations(of: "Node").interfaces.map(\.name) == ["Entity"])
    }

    @Test func roundTripsThroughJSONText() throws {
        let schema = try Schema(sdl: try fixture("test-schema.graphql"))
        let text = schema.introspectionJSON().serialized()
        let rebuilt = try Schema(introspectionJSON: text)
        #expect(rebuilt.introspectionJSON() == schema.introspectionJSON())
        // The SDL printed from either schema is the same, apart from directives only SDL keeps.
        let plain = try Schema(sdl: try fixture("schema-for-printing.graphql"))
        #expect(try Schema(introspectionJSON: plain.introspectionJSON().serialized()).sdl() == plain.sdl())
    }

    @Test func acceptsTheResponseEnvelope() throws {
        let inner = try Schema(sdl: "type Query { a: Int }").introspectionJSON()
        let wrapped: JSONValue = ["data": inner]
        #expect(try Schema(introspection: wrapped).queryType?.fields.map(\.name) == ["a"])
    }

    @Test func leavesOutClientAdditionsUnlessAsked() throws {
        let schema = try Schema(sdl: "type Query { a: Int }")
        let names = { (json: JSONValue) in
            (json["__schema"]?["types"]?.listValue ?? []).compactMap { $0["name"]?.stringValue }
                + (json["__schema"]?["directives"]?.listValue ?? []).compactMap { $0["name"]?.stringValue }
        }
        let plain = names(schema.introspectionJSON())
        #expect(!plain.contains("RequiredFieldAction") && !plain.contains("required") && !plain.contains("catch"))
        #expect(plain.contains("skip") && plain.contains("defer") && plain.contains("__Schema") && plain.contains("Float"))
        let full = names(schema.introspectionJSON(includeClientAdditions: true))
        #expect(full.contains("RequiredFieldAction") && full.contains("semanticNonNull"))
        // Read back, the additions are the schema's own, and still there.
        let rebuilt = try Schema(introspection: schema.introspectionJSON(includeClientAdditions: true))
        #expect(rebuilt.directive(named: "required") != nil && !rebuilt.isClientAddition("required"))
    }

    @Test func writesTheIntrospectionShape() throws {
        let schema = try Schema(sdl: "type Query { a(x: [Int!] = [1]): [String]! @deprecated(reason: \"old\") }")
        let json = schema.introspectionJSON()
        let query = try #require(json["__schema"]?["types"]?.listValue?.first)
        #expect(
            query.objectValue?.keys == [
                "kind", "name", "description", "specifiedByURL", "isOneOf", "fields", "inputFields", "interfaces",
                "enumValues", "possibleTypes",
            ])
        let field = try #require(query["fields"]?[0])
        #expect(field["isDeprecated"] == true && field["deprecationReason"] == "old")
        #expect(
            field["type"] == [
                "kind": "NON_NULL", "name": nil,
                "ofType": ["kind": "LIST", "name": nil, "ofType": ["kind": "SCALAR", "name": "String", "ofType": nil]],
            ])
        #expect(field["args"]?[0]?["defaultValue"] == "[1]")
        #expect(json["__schema"]?["queryType"] == ["kind": "OBJECT", "name": "Query"])
        #expect(json["__schema"]?["mutationType"] == .null)
    }

    @Test func reportsMalformedResults() {
        let cases: [(JSONValue, String)] = [
            (["data": nil], #"Invalid introspection result: expected an object with "__schema", at the top level or under "data"."#),
            (["__schema": ["queryType": ["name": "Query"]]], #"Invalid introspection result: __schema has no "types" list."#),
            (["__schema": ["types": [["kind": "OBJECT"]]]], "Invalid introspection result: types[0] has no name."),
            (
                ["__schema": ["types": [["kind": "LIST", "name": "X"]]]],
                #"Invalid introspection result: types[0] (X) has kind "LIST", not a named type's kind."#
            ),
            (
                [
                    "__schema": [
                        "queryType": ["name": "Q"],
                        "types": [["kind": "OBJECT", "name": "Q", "fields": [["name": "f", "type": ["kind": "NON_NULL"]]]]],
                    ]
                ],
                "Invalid introspection result: types[0].fields[0].type is not a complete type reference."
            ),
            (
                [
                    "__schema": [
                        "queryType": ["name": "Q"],
                        "types": [
                            [
                                "kind": "OBJECT", "name": "Q",
                                "fields": [
                                    [
                                        "name": "f", "args": [["name": "a", "type": ["kind": "SCALAR", "name": "Int"], "defaultValue": "{"]],
                                        "type": ["kind": "SCALAR", "name": "Int"],
                                    ]
                                ],
                            ]
                        ],
                    ]
                ],
                #"Invalid introspection result: types[0].fields[0].args[0].defaultValue "{" does not parse: Syntax Error: Expected Name, found <EOF>."#
            ),
            (
                [
                    "__schema": [
                        "queryType": ["name": "Q"],
                        "types": [["kind": "OBJECT", "name": "Q", "fields": [["name": "f", "type": ["kind": "OBJECT", "name": "Missing"]]]]],
                    ]
                ],
                #"Unknown type "Missing"."#
            ),
            (["__schema": ["types": []]], "Query root type must be provided."),
            (
                [
                    "__schema": [
                        "queryType": ["name": "Q"],
                        "types": [["kind": "OBJECT", "name": "Q", "fields": [["name": "f", "type": deeplyWrapped(100)]]]],
                    ]
                ],
                "Invalid introspection result: types[0].fields[0].type is not a complete type reference."
            ),
        ]
        for (json, message) in cases {
            let error = #expect(throws: SchemaError.self) { try Schema(introspection: json) }
            #expect(error?.diagnostics.map(\.message).contains(message) == true, "\(error?.diagnostics.map(\.message) ?? [])")
        }
    }

    @Test func reportsInvalidJSONText() {
        let error = #expect(throws: SchemaError.self) { try Schema(introspectionJSON: "{\n  \"__schema\": [1,]\n}") }
        let diagnostic = error?.diagnostics.first
        #expect(diagnostic?.message.hasPrefix("Invalid JSON: ") == true)
        #expect(diagnostic?.location?.line == 2)
        #expect(diagnostic?.location?.source.name == "schema.json")
    }
}

/// A type reference wrapped in `depth` lists around `Int`.
private func deeplyWrapped(_ depth: Int) -> JSONValue {
    var value: JSONValue = ["kind": "SCALAR", "name": "Int"]
    for _ in 0..<depth {
        value = ["kind": "LIST", "name": nil, "ofType": value]
    }
    return value
}
