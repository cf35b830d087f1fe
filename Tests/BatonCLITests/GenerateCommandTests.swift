import Foundation
import Testing

/// `baton generate` as `baton.json` configures it.
@Suite struct GenerateCommandTests {
    @Test func schemaTypePrefixStartsTheNamesOfTheGeneratedSchemaTypes() throws {
        let directory = try temporaryDirectory()
        try """
        enum Range { SHORT LONG }
        input Duration { seconds: Int }
        type Query { trip(range: Range, duration: Duration): Range }
        """.write(to: directory.appending(path: "schema.graphql"), atomically: true, encoding: .utf8)
        try "query Trip($range: Range, $duration: Duration) { trip(range: $range, duration: $duration) }\n"
            .write(to: directory.appending(path: "Trip.graphql"), atomically: true, encoding: .utf8)
        let file = directory.appending(path: "baton.json")
        try #"{"schema": "schema.graphql", "documents": "*.graphql", "output": "Generated", "schemaTypePrefix": "API"}"#
            .write(to: file, atomically: true, encoding: .utf8)
        let outcome = try CLIRunner.run(["generate", "--config", file.path()])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let generated = directory.appending(path: "Generated")
        let types = try String(contentsOf: generated.appending(path: "SchemaTypes.graphql.swift"), encoding: .utf8)
        #expect(types.contains("public enum APIRange: GraphQLEnum"))
        #expect(types.contains("public struct APIDuration: GraphQLInputObject"))
        #expect(!types.contains("enum Range"))
        let query = try String(contentsOf: generated.appending(path: "TripQuery.graphql.swift"), encoding: .utf8)
        #expect(query.contains("public var range: Nullable<APIRange>"))
        #expect(query.contains("public var trip: APIRange?"))
    }
}
