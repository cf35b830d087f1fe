import BatonCompiler
import BatonCore
import Testing

/// The field-merging rule against graphql-core's own verdicts: 7,000 random documents that repeat
/// subtrees, alias fields to one another, differ in arguments and nullability, and spread named
/// fragments (`Fixtures/FieldMerging/verdicts.py` writes them with graphql-core 3.3.2). Every
/// error must be the same, in the same order, naming the same places.
@Suite struct FieldMergingCrossCheckTests {
    struct Case {
        var document: String
        var errors: [ExpectedError]
    }

    static func cases() throws -> (schema: Schema, cases: [Case]) {
        let root = try JSONValue(parsing: try fixture("FieldMerging/verdicts.json"))
        let schema = try Schema(sdl: root["schema"]?.stringValue ?? "")
        let cases = (root["cases"]?.listValue ?? []).map { entry in
            Case(
                document: entry["document"]?.stringValue ?? "",
                errors: (entry["errors"]?.listValue ?? []).map { error in
                    ExpectedError(
                        // graphql-core quotes names with ', Baton as graphql-js does, with ".
                        message: (error["message"]?.stringValue ?? "").replacing("'", with: "\""),
                        locations: (error["locations"]?.listValue ?? []).compactMap { location in
                            let parts = (location.stringValue ?? "").split(separator: ":").compactMap { Int($0) }
                            return parts.count == 2 ? ExpectedError.Position(line: parts[0], column: parts[1]) : nil
                        })
                })
        }
        return (schema, cases)
    }

    @Test func everyVerdictIsGraphQLCores() throws {
        let (schema, cases) = try Self.cases()
        #expect(cases.count == 7_000)
        var disagreements = 0
        for (index, testCase) in cases.enumerated() {
            let document = try Parser.parse(Source(testCase.document))
            let actual = validate(document: document, schema: schema, rules: [OverlappingFieldsCanBeMergedRule.self]).map {
                diagnostic in
                ExpectedError(
                    message: diagnostic.message,
                    locations: diagnostic.locations.map { ExpectedError.Position(line: $0.line, column: $0.column) })
            }
            if actual != testCase.errors {
                disagreements += 1
                if disagreements <= 3 {
                    Issue.record("case \(index):\n\(testCase.document)\nBaton: \(actual)\ngraphql-core: \(testCase.errors)")
                }
            }
        }
        #expect(disagreements == 0)
    }
}
