/// Building a schema from SDL (graphql-js's `buildASTSchema`, with extensions applied).
extension Schema {
    /// The schema an SDL text describes.
    /// - Parameters:
    ///   - sdl: The schema's type system definitions and extensions.
    ///   - name: What diagnostics call the text, usually a file path.
    /// - Throws: ``SchemaError`` with the syntax error, or with every problem the schema has.
    public init(sdl: String, name: String = "schema.graphql") throws(SchemaError) {
        try self.init(sources: [Source(sdl, name: name)])
    }

    /// The schema several SDL files describe together; a type may be extended in another file.
    /// - Parameter sources: The files.
    /// - Throws: ``SchemaError`` with the first syntax error of each file that has one, or with
    ///   every problem the schema has.
    package init(sources: [Source]) throws(SchemaError) {
        var documents: [DocumentNode] = []
        var syntaxErrors: [Diagnostic] = []
        for source in sources {
            do {
                documents.append(try Parser.parse(source))
            } catch {
                syntaxErrors.append(error)
            }
        }
        if !syntaxErrors.isEmpty { throw SchemaError(diagnostics: syntaxErrors) }
        try self.init(documents: documents)
    }

    /// The schema parsed SDL documents describe together; operations and fragments in them are ignored.
    /// - Parameter documents: The documents.
    /// - Throws: ``SchemaError`` with every problem the schema has.
    package init(documents: [DocumentNode]) throws(SchemaError) {
        var builder = SchemaBuilder()
        for document in documents { builder.collect(document) }
        let schema = builder.build()
        var diagnostics = builder.diagnostics
        diagnostics += schema.unknownTypeReferences(in: documents)
        var validator = SchemaValidator(schema: schema)
        diagnostics += validator.validate()
        if !diagnostics.isEmpty { throw SchemaError(diagnostics: diagnostics) }
        self = schema
    }

    /// `Unknown type "X".` for every named type the documents' type system definitions mention that
    /// the schema does not have (graphql-js's KnownTypeNames for SDL), with suggestions.
    func unknownTypeReferences(in documents: [DocumentNode]) -> [Diagnostic] {
        var finder = UnknownTypeFinder(schema: self)
        for document in documents { document.walk(&finder) }
        return finder.diagnostics
    }
}

private struct UnknownTypeFinder: ASTVisitor {
    let schema: Schema
    var diagnostics: [Diagnostic] = []
    private var candidates: [String]?

    init(schema: Schema) {
        self.schema = schema
    }

    mutating func enter(_ node: ASTNode, ancestors: [ASTNode]) -> VisitAction {
        switch node {
        case .operationDefinition, .fragmentDefinition:
            return .skipChildren
        case .namedType(let named):
            let name = named.name.value
            if schema.type(named: name) == nil {
                if candidates == nil {
                    candidates = schema.types.filter { !schema.isClientAddition($0.name) }.map(\.name)
                }
                diagnostics.append(
                    Diagnostic(
                        "Unknown type \"\(name)\"." + didYouMean(suggestionList(name, candidates ?? [])),
                        at: named.location))
            }
            return .continue
        default:
            return .continue
        }
    }
}
