import BatonCore

/// The whole compiler over a set of documents: parse, validate, plan and generate.
public enum Compilation {
    /// Compiles executable documents against a schema into Swift files.
    /// - Parameters:
    ///   - documents: The `.graphql` documents, named by their paths.
    ///   - schema: The schema.
    ///   - options: How to write Swift.
    ///   - layout: How to spread declarations over files.
    /// - Throws: ``CompilationError`` with every syntax error, else every validation error, else
    ///   the first problem planning or generation finds.
    public static func compile(
        documents: [Source], schema: Schema, options: GenerationOptions = GenerationOptions(),
        layout: OutputLayout = .perDefinition
    ) throws(CompilationError) -> [GeneratedFile] {
        try compileWithManifest(documents: documents, schema: schema, options: options, layout: layout).files
    }

    /// Compiles as ``compile(documents:schema:options:layout:)`` does, and renders the operations'
    /// persisted-query manifest in Apollo's format
    /// (`{"format": "apollo-persisted-query-manifest", "version": 1, "operations": [{"id", "body", "name", "type"}]}`),
    /// each `id` the SHA-256 of the exact text the generated operation sends (its `operationID`).
    /// - Parameters:
    ///   - documents: The `.graphql` documents, named by their paths.
    ///   - schema: The schema.
    ///   - options: How to write Swift.
    ///   - layout: How to spread declarations over files.
    /// - Returns: the Swift files and the manifest's JSON text.
    /// - Throws: ``CompilationError``, as ``compile(documents:schema:options:layout:)``.
    public static func compileWithManifest(
        documents: [Source], schema: Schema, options: GenerationOptions = GenerationOptions(),
        layout: OutputLayout = .perDefinition
    ) throws(CompilationError) -> (files: [GeneratedFile], manifest: String) {
        var (parsed, diagnostics) = DocumentChecking.parse(documents)
        if !diagnostics.isEmpty { throw CompilationError(diagnostics: diagnostics) }
        // Types and type extensions among the documents are the client's: merged into the schema.
        let extensions = try ClientSchemaExtensions.merge(parsed, into: schema)
        let schema = extensions.schema
        parsed = parsed.map(DocumentChecking.executable)
        diagnostics = DocumentChecking.validateTogether(parsed, schema: schema)
        if !diagnostics.isEmpty { throw CompilationError(diagnostics: diagnostics) }
        let documents: [DocumentNode]
        let refetchQueries: [String: RefetchQuery]
        do {
            _ = try LookupResolution.resolve(options.lookups, schema: schema, cacheKeys: options.cacheKeys)
        } catch {
            throw CompilationError(diagnostics: [Diagnostic(error.description, at: nil)])
        }
        do {
            (documents, refetchQueries) = try RefetchQueries.add(to: parsed, schema: schema)
        } catch {
            throw CompilationError(diagnostics: [error])
        }
        if !refetchQueries.isEmpty {
            // The written queries are checked as the app's own are.
            diagnostics = DocumentChecking.validateTogether(documents, schema: schema, rules: DocumentChecking.writtenQueryRules)
            if !diagnostics.isEmpty { throw CompilationError(diagnostics: diagnostics) }
        }
        do {
            let planned = try Planner.plan(
                documents, schema: schema, extensions: extensions,
                cacheKeys: CacheKeyResolution.resolve(options.cacheKeys, schema: schema))
            let files = try CodeGenerator(schema: schema, options: options).generate(
                planned, layout: layout, refetchQueries: refetchQueries)
            return (files, PersistedQueryManifest.render(planned.operations))
        } catch {
            throw CompilationError(diagnostics: [error])
        }
    }
}

/// Why documents did not compile: every diagnostic, in the order found.
public struct CompilationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The diagnostics, each with its place.
    public var diagnostics: [Diagnostic]

    /// An error with `diagnostics`.
    package init(diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
    }

    public var description: String {
        diagnostics.map { $0.rendered() }.joined(separator: "\n")
    }
}
