import BatonCore

/// Building a schema from an introspection result (graphql-js's `buildClientSchema`).
extension Schema {
    /// The schema an introspection result describes: `{"data": {"__schema": ...}}` or
    /// `{"__schema": ...}`, as the full introspection query returns it.
    /// - Parameter introspection: The result, as JSON.
    /// What the result holds that Baton does not know but need not refuse (a directive location
    /// from a later edition of the specification) is left out and said in ``warnings``.
    /// - Throws: ``SchemaError`` naming what is missing or malformed by its path in the JSON, or
    ///   every problem the schema has.
    package init(introspection: JSONValue) throws(SchemaError) {
        var reader = IntrospectionReader()
        guard let object = reader.schemaObject(in: introspection) else {
            throw SchemaError(diagnostics: reader.diagnostics)
        }
        let schema = Schema(
            description: object["description"]?.stringValue,
            rootTypeNames: reader.rootTypeNames(object),
            types: reader.types(object),
            directives: reader.directives(object),
            schemaDirectives: []
        )
        var diagnostics = reader.diagnostics
        diagnostics += schema.unknownTypeReferences()
        var validator = SchemaValidator(schema: schema)
        diagnostics += validator.validate()
        if !diagnostics.isEmpty { throw SchemaError(diagnostics: diagnostics) }
        self = schema
        warnings = reader.warnings
    }

    /// The schema a `schema.json` text describes: an introspection result, `{"data": {"__schema": ...}}`
    /// or `{"__schema": ...}`; what Baton does not know but need not refuse is said in ``warnings``.
    /// - Parameters:
    ///   - text: The JSON text of an introspection result.
    ///   - name: What diagnostics call the text, usually a file path.
    /// - Throws: ``SchemaError`` at the JSON syntax error, naming what is missing or malformed by its
    ///   path in the JSON, or with every problem the schema has.
    public init(introspectionJSON text: String, name: String = "schema.json") throws(SchemaError) {
        let json: JSONValue
        do {
            json = try JSONValue(parsing: text)
        } catch {
            let location = SourceLocation(source: Source(text, name: name), offset: error.offset)
            throw SchemaError(diagnostics: [Diagnostic("Invalid JSON: \(error.message).", at: location)])
        }
        try self.init(introspection: json)
    }

    /// `Unknown type "X".` for each type the schema's types and directives mention but do not define.
    func unknownTypeReferences() -> [Diagnostic] {
        var unknown: [String] = []
        var seen: Set<String> = []
        func check(_ name: String) {
            if type(named: name) == nil, seen.insert(name).inserted { unknown.append(name) }
        }
        for operation in OperationType.allCases {
            if let name = rootTypeName(for: operation) { check(name) }
        }
        for type in types {
            type.interfaces.forEach(check)
            for field in type.fields ?? [] {
                check(field.type.namedType)
                field.arguments.forEach { check($0.type.namedType) }
            }
            switch type {
            case .union(let union): union.members.forEach(check)
            case .inputObject(let input): input.fields.forEach { check($0.type.namedType) }
            case .scalar, .object, .interface, .enum: break
            }
        }
        for directive in directives {
            directive.arguments.forEach { check($0.type.namedType) }
        }
        return unknown.map { Diagnostic("Unknown type \"\($0)\".", at: nil) }
    }
}
