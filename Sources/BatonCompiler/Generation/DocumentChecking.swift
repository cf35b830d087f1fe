/// Checks executable documents the way `baton validate` reports them.
public enum DocumentChecking {
    /// Every problem with `documents` against `schema`: syntax errors first, then what
    /// validation finds in the documents read together, so a fragment may live in another file.
    /// - Parameters:
    ///   - documents: The documents, named by their paths.
    ///   - schema: The schema.
    /// - Returns: The diagnostics, in order; empty when every document is valid.
    public static func check(_ documents: [Source], schema: Schema) -> [Diagnostic] {
        var parsed: [DocumentNode] = []
        var diagnostics: [Diagnostic] = []
        for source in documents {
            do {
                parsed.append(try Parser.parse(source))
            } catch {
                diagnostics.append(error)
            }
        }
        if !diagnostics.isEmpty { return diagnostics }
        return validateTogether(parsed, schema: schema)
    }

    /// What validation reports for the documents as one.
    static func validateTogether(_ documents: [DocumentNode], schema: Schema) -> [Diagnostic] {
        do {
            _ = try Planner.plan(documents, schema: schema)
            return []
        } catch {
            return [error]
        }
    }
}
