/// Client schema extensions (Relay's, Apollo's local fields): type extensions and new types
/// written among the documents (`extend type Note { isPinned: Boolean }`), merged into the
/// schema the compiler uses. Their fields are the client's: planned and stored as server
/// fields, never sent.
package struct ClientSchemaExtensions: Sendable {
    /// The schema with the extensions merged.
    package var schema: Schema
    /// The client's fields, as `Type.field`.
    package var clientFields: Set<String>

    /// Whether `field` of `type` is the client's.
    package func isClientField(_ field: String, on type: String) -> Bool {
        !clientFields.isEmpty && clientFields.contains(type + "." + field)
    }

    /// Merges the type system definitions of `documents` into `schema`.
    /// - Throws: every diagnostic: a definition other than a type or a type extension (a schema
    ///   or directive definition), or what the merged schema's validation finds (an extension of
    ///   an unknown type, a field defined twice, an unknown type named).
    package static func merge(_ documents: [DocumentNode], into schema: Schema) throws(CompilationError) -> ClientSchemaExtensions {
        var extensions: [DefinitionNode] = []
        var diagnostics: [Diagnostic] = []
        var clientFields: Set<String> = []
        var fieldNodes: [(typeName: String, node: FieldDefinitionNode)] = []
        for document in documents {
            for definition in document.definitions where !definition.isExecutable {
                switch definition {
                case .typeExtension(.object(let node)):
                    clientFields.formUnion(node.fields.map { node.name.value + "." + $0.name.value })
                    fieldNodes += node.fields.map { (node.name.value, $0) }
                case .typeExtension(.interface(let node)):
                    clientFields.formUnion(node.fields.map { node.name.value + "." + $0.name.value })
                    fieldNodes += node.fields.map { (node.name.value, $0) }
                case .type(.object(let node)):
                    clientFields.formUnion(node.fields.map { node.name.value + "." + $0.name.value })
                    fieldNodes += node.fields.map { (node.name.value, $0) }
                case .type(.interface(let node)):
                    clientFields.formUnion(node.fields.map { node.name.value + "." + $0.name.value })
                    fieldNodes += node.fields.map { (node.name.value, $0) }
                case .typeExtension, .type:
                    break
                case .schema, .directive, .schemaExtension, .operation, .fragment:
                    diagnostics.append(
                        Diagnostic(
                            "A document to generate from holds operations, fragments, and the client's types and type extensions only.",
                            at: definition.location))
                    continue
                }
                extensions.append(definition)
            }
        }
        if !diagnostics.isEmpty { throw CompilationError(diagnostics: diagnostics) }
        guard !extensions.isEmpty else { return ClientSchemaExtensions(schema: schema, clientFields: []) }
        do {
            let server = try Parser.parse(Source(schema.sdl(definingDeferAndStream: true), name: "schema"))
            let merged = try Schema(documents: [server, DocumentNode(definitions: extensions)])
            let defaults = ClientFieldDefaults.diagnostics(fieldNodes, schema: merged)
            if !defaults.isEmpty { throw CompilationError(diagnostics: defaults) }
            return ClientSchemaExtensions(schema: merged, clientFields: clientFields)
        } catch let error as CompilationError {
            throw error
        } catch let error as SchemaError {
            throw CompilationError(diagnostics: error.diagnostics)
        } catch let error as Diagnostic {
            throw CompilationError(diagnostics: [error])
        } catch {
            throw CompilationError(diagnostics: [Diagnostic("\(error)", at: nil)])
        }
    }
}
