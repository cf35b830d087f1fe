import BatonCompiler
import Foundation
import Testing

/// The validation table: every document against the shared test schema, each with the exact
/// errors (message and places) its rules must report.
enum ValidationTable {
    static let all: [ValidationCase] =
        documentCases + operationCases + fieldCases + fragmentCases + fragmentSpreadCases + variableCases
        + directiveCases + incrementalDeliveryCases + argumentCases + valueCases + fieldMergingCases
        + batonCases + wholeDocumentCases
}

@Suite struct ValidationTableTests {
    @Test(arguments: ValidationTable.all)
    func validationCase(_ testCase: ValidationCase) throws {
        try expectErrors(testCase.rules, testCase.document, testCase.errors)
    }

    /// Rules whose documents that break them need a schema other than the shared one; they are
    /// tested beside their own schema.
    static let rulesTestedElsewhere: Set<String> = ["KnownOperationTypesRule"]

    @Test func everyRuleHasValidAndInvalidDocuments() throws {
        #expect(ValidationTable.all.count >= 150)
        for rule in specifiedRules {
            let name = String(describing: rule)
            let cases = ValidationTable.all.filter { $0.ruleName == name }
            #expect(cases.contains { $0.errors.isEmpty }, "no valid document for \(name)")
            if !Self.rulesTestedElsewhere.contains(name) {
                #expect(cases.contains { !$0.errors.isEmpty }, "no invalid document for \(name)")
            }
        }
        // Writes the table for comparing with the reference implementation, when asked to.
        if let path = ProcessInfo.processInfo.environment["BATON_VALIDATION_TABLE_EXPORT"] {
            func json(_ errors: [ExpectedError]) -> [[String: Any]] {
                errors.map { ["message": $0.message, "locations": $0.locations.map { [$0.line, $0.column] }] }
            }
            let table: [[String: Any]] = try ValidationTable.all.map { testCase in
                [
                    "rule": testCase.ruleName, "name": testCase.name, "document": testCase.document,
                    "errors": json(testCase.errors),
                    // What the specification's rules together report, to compare with the reference.
                    "specificationErrors": json(try validationErrors(specificationRules, testCase.document)),
                ]
            }
            let data = try JSONSerialization.data(withJSONObject: table, options: [.prettyPrinted, .sortedKeys])
            try data.write(to: URL(fileURLWithPath: path))
        }
    }
}
