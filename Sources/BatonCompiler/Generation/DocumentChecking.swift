/// Checks executable documents the way `baton validate` reports them.
public enum DocumentChecking {
    /// Every problem with `documents` against `schema`: syntax errors first, then what the
    /// client's schema extensions among them break, then what validation finds in the
    /// documents read together (against the schema with those extensions), so a fragment may
    /// live in another file.
    /// - Parameters:
    ///   - documents: The documents, named by their paths.
    ///   - schema: The schema.
    /// - Returns: The diagnostics, in order; empty when every document is valid.
    public static func check(_ documents: [Source], schema: Schema) -> [Diagnostic] {
        let (parsed, diagnostics) = parse(documents)
        if !diagnostics.isEmpty { return diagnostics }
        let extensions: ClientSchemaExtensions
        do {
            extensions = try ClientSchemaExtensions.merge(parsed, into: schema)
        } catch {
            return error.diagnostics
        }
        return validateTogether(parsed.map(executable), schema: extensions.schema)
    }

    /// `document`'s operations and fragments, its type system definitions (the client's
    /// schema extensions, merged into the schema) left out.
    static func executable(_ document: DocumentNode) -> DocumentNode {
        DocumentNode(definitions: document.definitions.filter(\.isExecutable), location: document.location)
    }

    /// Every document that parses, and the syntax error of each one that does not.
    static func parse(_ documents: [Source]) -> (parsed: [DocumentNode], diagnostics: [Diagnostic]) {
        var parsed: [DocumentNode] = []
        var diagnostics: [Diagnostic] = []
        for source in documents {
            do {
                parsed.append(try Parser.parse(source))
            } catch {
                diagnostics.append(error)
            }
        }
        return (parsed, diagnostics)
    }

    /// The rules documents are checked with: every specified rule and Baton's, except that a
    /// fragment no operation spreads is allowed, since a view may read a fragment on its own.
    package static let rules: [any ValidationRule.Type] = specifiedRules.filter { $0 != NoUnusedFragmentsRule.self }

    /// What validation reports for the documents as one.
    static func validateTogether(
        _ documents: [DocumentNode], schema: Schema, rules: [any ValidationRule.Type] = rules
    ) -> [Diagnostic] {
        let combined = DocumentNode(definitions: documents.flatMap(\.definitions))
        return validate(document: combined, schema: schema, rules: rules)
    }

    /// The rules the refetch queries the compiler writes are checked with, beside the documents:
    /// every rule but the one that reserves their names.
    static let writtenQueryRules: [any ValidationRule.Type] = rules.filter { $0 != RefetchableDirectiveRule.self }
}
