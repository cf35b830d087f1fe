import BatonCompiler
import Testing

/// One error a test expects: its message and every place it names, as 1-based (line, column).
struct ExpectedError: Sendable, Equatable, CustomStringConvertible {
    var message: String
    var locations: [Position]

    struct Position: Sendable, Equatable, CustomStringConvertible {
        var line: Int
        var column: Int
        var description: String { "\(line):\(column)" }
    }

    var description: String {
        message + " @" + locations.map(\.description).joined(separator: " ")
    }
}

/// An expected error with its places, each `(line, column)`.
func error(_ message: String, _ locations: (Int, Int)...) -> ExpectedError {
    ExpectedError(message: message, locations: locations.map { ExpectedError.Position(line: $0.0, column: $0.1) })
}

/// A document of the validation table, the rules it runs, and the exact errors they must report.
struct ValidationCase: Sendable, CustomTestStringConvertible {
    var rules: [any ValidationRule.Type]
    var name: String
    var document: String
    var errors: [ExpectedError]

    var ruleName: String {
        rules.count == 1 ? String(describing: rules[0]) : "specifiedRules"
    }

    var testDescription: String { "\(ruleName): \(name)" }
}

/// A document the rule accepts.
func valid(_ rule: any ValidationRule.Type, _ name: String, _ document: String) -> ValidationCase {
    ValidationCase(rules: [rule], name: name, document: document, errors: [])
}

/// A document the rule rejects with exactly these errors, in this order.
func invalid(_ rule: any ValidationRule.Type, _ name: String, _ document: String, _ errors: ExpectedError...)
    -> ValidationCase
{
    ValidationCase(rules: [rule], name: name, document: document, errors: errors)
}

/// The errors `rules` report for `document` against the shared test schema.
func validationErrors(_ rules: [any ValidationRule.Type], _ document: String) throws -> [ExpectedError] {
    let schema = try ValidationTestSchema.schema.get()
    let parsed = try Parser.parse(document)
    return validate(document: parsed, schema: schema, rules: rules).map { diagnostic in
        ExpectedError(
            message: diagnostic.message,
            locations: diagnostic.locations.map { ExpectedError.Position(line: $0.line, column: $0.column) })
    }
}

/// Checks that `rules` report exactly `expected` for `document` against the shared test schema.
func expectErrors(
    _ rules: [any ValidationRule.Type], _ document: String, _ expected: [ExpectedError],
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) throws {
    let actual = try validationErrors(rules, document)
    #expect(actual == expected, sourceLocation: sourceLocation)
}

/// Checks that `rule` reports exactly `expected` for `document` against the shared test schema.
func expectErrors(
    _ rule: any ValidationRule.Type, _ document: String, _ expected: [ExpectedError],
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) throws {
    try expectErrors([rule], document, expected, sourceLocation: sourceLocation)
}

/// Checks that `rules` report nothing for `document` against the shared test schema.
func expectValid(
    _ rules: [any ValidationRule.Type], _ document: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
) throws {
    try expectErrors(rules, document, [], sourceLocation: sourceLocation)
}
