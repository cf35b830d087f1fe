import Testing

@testable import BatonCompiler

/// An SDL text that does not build, with the diagnostics it gives: message and `line:column` of
/// each place, primary first ("-" for a diagnostic without a place).
struct InvalidSchemaCase: Sendable, CustomTestStringConvertible {
    var sdl: String
    var expected: [String]

    init(_ sdl: String, _ expected: String...) {
        self.sdl = sdl
        self.expected = expected
    }

    var testDescription: String { sdl.debugDescription }
}

private let query = "type Query { q: Int }\n"

private let invalidSchemas: [InvalidSchemaCase] = [
    // Names defined twice (graphql-js's Unique* SDL rules)
    .init(query + "type A { a: Int }\ntype A { b: Int }", #"There can be only one type named "A". @2:6 3:6"#),
    .init(query + "directive @d on FIELD\ndirective @d on QUERY", #"There can be only one directive named "@d". @2:12 3:12"#),
    .init(query + "type A { a: Int a: String }", #"Field "A.a" can only be defined once. @2:10 2:17"#),
    .init(query + "type A { a: Int }\nextend type A { a: Int }", #"Field "A.a" can only be defined once. @2:10 3:17"#),
    .init(query + "input I { a: Int a: Int }", #"Field "I.a" can only be defined once. @2:11 2:18"#),
    .init(query + "enum E { A B A }", #"Enum value "E.A" can only be defined once. @2:10 2:14"#),
    .init(query + "type A { f(a: Int, a: Int): Int }", #"Argument "A.f(a:)" can only be defined once. @2:12 2:20"#),
    .init(query + "directive @d(a: Int, a: Int) on FIELD", #"Argument "@d(a:)" can only be defined once. @2:14 2:22"#),
    .init(query + "schema { query: Query }\nschema { query: Query }", "Must provide only one schema definition. @3:1"),
    .init("schema { query: Query query: Query }\n" + query, "There can be only one query type in schema. @1:23"),
    .init("schema { query: Query }\nextend schema { query: Query }\n" + query, "There can be only one query type in schema. @2:17"),
    // Unknown types and extensions (KnownTypeNames, PossibleTypeExtensions)
    .init("type Query { a: Strin }", #"Unknown type "Strin". Did you mean "String"? @1:17"#),
    .init("type Query { a(x: [Inputt!]): Int }\ninput Input { a: Int }", #"Unknown type "Inputt". Did you mean "Input" or "Int"? @1:20"#),
    .init("type Query implements Nod { a: Int }", #"Unknown type "Nod". Did you mean "ID"? @1:23"#),
    .init("schema { query: Q }", #"Unknown type "Q". @1:17"#),
    .init(query + "union U = A | B\ntype A { a: Int }", #"Unknown type "B". Did you mean "A" or "U"? @2:15"#),
    .init(query + "extend type Quer { b: Int }", #"Cannot extend type "Quer" because it is not defined. Did you mean "Query"? @2:13"#),
    .init(query + "scalar S\nextend type S { b: Int }", #"Cannot extend non-object type "S". @2:1 3:1"#),
    .init(query + "extend input Query { b: Int }", #"Cannot extend non-input object type "Query". @1:1 2:1"#),
    .init(query + "extend enum String { A }", #"Cannot extend non-enum type "String". @2:1"#),
    // Root types
    .init("type Foo { a: Int }", "Query root type must be provided. @-"),
    .init("schema { query: I }\ninput I { a: Int }", "Query root type must be Object type, it cannot be I. @2:1"),
    .init(query + "schema { query: Query mutation: E }\nenum E { A }", "Mutation root type must be Object type if provided, it cannot be E. @3:1"),
    .init(
        "schema { query: Query mutation: Query }\n" + query,
        #"All root types must be different, "Query" type is used as query and mutation root types. @2:1"#),
    // Fields and arguments
    .init(query + "type A", "Type A must define one or more fields. @2:1"),
    .init(query + "interface I", "Type I must define one or more fields. @2:1"),
    .init(query + "type A { a: I }\ninput I { a: Int }", "The type of A.a must be Output Type but got: I. @2:10"),
    .init(query + "type A { a(x: [A]): Int }", "The type of A.a(x:) must be Input Type but got: [A]. @2:12"),
    .init(query + "type A { a(x: Int! @deprecated): Int }", "Required argument A.a(x:) cannot be deprecated. @2:12"),
    .init(query + "type A { __a: Int }", #"Name "__a" must not begin with "__", which is reserved by GraphQL introspection. @2:10"#),
    .init(query + "type __A { a: Int }", #"Name "__A" must not begin with "__", which is reserved by GraphQL introspection. @2:1"#),
    // Interfaces
    .init(query + "interface I { a: Int }\ntype A implements I { b: Int }", "Interface field I.a expected but A does not provide it. @2:15 3:1"),
    .init(
        query + "interface I { a: Int }\ntype A implements I { a: String }", "Interface field I.a expects type Int but A.a is type String. @2:15 3:23"
    ),
    .init(
        query + "interface I { a(x: Int): Int }\ntype A implements I { a: Int }",
        "Interface field argument I.a(x:) expected but A.a does not provide it. @2:17 3:23"),
    .init(
        query + "interface I { a(x: Int): Int }\ntype A implements I { a(x: String): Int }",
        "Interface field argument I.a(x:) expects type Int but A.a(x:) is type String. @2:17 3:25"),
    .init(
        query + "interface I { a: Int }\ntype A implements I { a(y: Int!): Int }",
        "Object field A.a includes required argument y that is missing from the Interface field I.a. @3:25 2:15"),
    .init(query + "type B { a: Int }\ntype A implements B { a: Int }", "Type A must only implement Interface types, it cannot implement B. @3:1"),
    .init(query + "interface I implements I { a: Int }", "Type I cannot implement itself because it would create a circular reference. @2:1"),
    .init(query + "interface I { a: Int }\ntype A implements I & I { a: Int }", "Type A can only implement I once. @3:1"),
    .init(
        query + "interface I { a: Int }\ninterface J implements I { a: Int }\ntype A implements J { a: Int }",
        "Type A must implement I because it is implemented by J. @3:1 4:1"),
    .init(
        query + "interface I { a: Int }\ntype A implements I { a: Int! }\ntype B implements I { a: [Int] }",
        "Interface field I.a expects type Int but B.a is type [Int]. @2:15 4:23"),
    // Unions, enums, input objects
    .init(query + "union U", "Union type U must define one or more member types. @2:1"),
    .init(query + "union U = A | A\ntype A { a: Int }", "Union type U can only include type A once. @2:1"),
    .init(query + "union U = S\nscalar S", "Union type U can only include Object types, it cannot include S. @2:1"),
    .init(query + "enum E", "Enum type E must define one or more values. @2:1"),
    .init(query + "input I", "Input Object type I must define one or more fields. @2:1"),
    .init(query + "input I { a: Query }", "The type of I.a must be Input Type but got: Query. @2:11"),
    .init(query + "input I { a: Int! @deprecated }", "Required input field I.a cannot be deprecated. @2:11"),
    .init(query + "input I @oneOf { a: Int! b: Int }", "OneOf input field I.a must be nullable. @2:18"),
    .init(query + "input I @oneOf { a: Int = 1 b: Int }", "OneOf input field I.a cannot have a default value. @2:18"),
    .init(query + "input I { i: I! }", #"Cannot reference Input Object "I" within itself through a series of non-null fields: "i". @2:11"#),
    .init(
        query + "input A { b: B! }\ninput B { c: C! }\ninput C { a: A! x: [A!]! }",
        #"Cannot reference Input Object "A" within itself through a series of non-null fields: "b.c.a". @2:11 3:11 4:11"#),
    // Directives
    .init(query + "directive @__d on FIELD", #"Name "__d" must not begin with "__", which is reserved by GraphQL introspection. @2:1"#),
    .init(query + "directive @d(a: Query) on FIELD", "The type of @d(a:) must be Input Type but got: Query. @2:14"),
    .init(query + "directive @d(a: Int! @deprecated) on FIELD", "Required argument @d(a:) cannot be deprecated. @2:14"),
]

/// A diagnostic as the cases spell it: `message @line:column line:column`.
private func summary(_ diagnostic: Diagnostic) -> String {
    let places = diagnostic.locations.map { "\($0.line):\($0.column)" }
    return diagnostic.message + " @" + (places.isEmpty ? "-" : places.joined(separator: " "))
}

@Suite struct SchemaValidationTests {
    @Test(arguments: invalidSchemas)
    func reportsInvalidSchema(_ invalid: InvalidSchemaCase) {
        let error = #expect(throws: SchemaError.self) { try Schema(sdl: invalid.sdl) }
        #expect(error?.diagnostics.map(summary) == invalid.expected)
    }

    @Test func collectsEveryProblem() {
        let error = #expect(throws: SchemaError.self) {
            try Schema(sdl: "type Query { a: Foo b: Bar }\ntype Query { c: Int }\nenum E")
        }
        #expect(
            error?.diagnostics.map(\.message) == [
                #"There can be only one type named "Query"."#, #"Unknown type "Foo"."#, #"Unknown type "Bar"."#,
                "Enum type E must define one or more values.",
            ])
    }

    @Test func rendersWithTheFileName() {
        let error = #expect(throws: SchemaError.self) { try Schema(sdl: "type Query { a: Strin }", name: "api/schema.graphql") }
        #expect(error?.description == #"api/schema.graphql:1:17: error: Unknown type "Strin". Did you mean "String"?"#)
    }

    @Test func reportsSyntaxErrorsOfEachFile() {
        let error = #expect(throws: SchemaError.self) {
            try Schema(sources: [Source("type Query {", name: "a.graphql"), Source("type A { b: }", name: "b.graphql")])
        }
        #expect(
            error?.diagnostics.map { $0.rendered() } == [
                "a.graphql:1:13: error: Syntax Error: Expected Name, found <EOF>.",
                #"b.graphql:1:13: error: Syntax Error: Expected Name, found "}"."#,
            ])
    }

    @Test func acceptsValidSchemas() throws {
        _ = try Schema(sdl: try fixture("test-schema.graphql"))
        _ = try Schema(sdl: try fixture("schema-for-printing.graphql"))
        // A nullable or list field breaks an input cycle.
        _ = try Schema(sdl: query + "input A { b: B }\ninput B { a: A! list: [A!]! }")
        // Covariant field types and extra optional arguments implement an interface.
        _ = try Schema(
            sdl: query + "interface I { a: I b(x: Int): Int }\ntype A implements I { a: A! b(x: Int, y: Int): Int }")
    }
}
