/// Relay's edge directives, each on the kind of field it changes lists with: `@appendEdge` and
/// `@prependEdge` on an edge (an object with `node` and `cursor`), `@appendNode` and
/// `@prependNode` on an object, with `edgeTypeName` naming a type with a `node`, and `@deleteEdge` and
/// `@deleteRecord` on an `ID` (or a list of them).
package struct EdgeDirectivesRule: ValidationRule {
    let context: ValidationContext

    /// Makes the rule for one document; it reports what it finds through `context`.
    /// - Parameter context: The document, schema and current type information, and where errors go.
    package init(context: ValidationContext) {
        self.context = context
    }

    static func needsMessage(_ directive: String, needs: String, field: String, type: String) -> String {
        "Directive \"@\(directive)\" needs \(needs): field \"\(field)\" has type \"\(type)\"."
    }

    static func edgeTypeMessage(_ directive: String, edgeTypeName: String) -> String {
        "Argument \"@\(directive)(edgeTypeName:)\" is \"\(edgeTypeName)\", which is not an edge type (an object type with a \"node\")."
    }

    package mutating func enter(_ node: ASTNode) -> VisitAction {
        guard case .field(let field) = node, let definition = context.fieldDefinition else { return .continue }
        let type = definition.type
        for directive in field.directives {
            let name = directive.name.value
            switch name {
            case "appendEdge", "prependEdge":
                if !isEdge(type.namedType) {
                    report(directive, needs: "an edge field (an object with \"node\" and \"cursor\")", field, type)
                }
            case "appendNode", "prependNode":
                if context.schema.type(named: type.namedType)?.isCompositeType != true {
                    report(directive, needs: "a field of an object type", field, type)
                }
                if case .string(let edgeTypeName)? = directive.argument(named: "edgeTypeName"),
                    context.schema.type(named: edgeTypeName.value)?.field(named: "node") == nil
                {
                    context.report(Self.edgeTypeMessage(name, edgeTypeName: edgeTypeName.value), at: [edgeTypeName.location])
                }
            case "deleteEdge", "deleteRecord":
                if type.namedType != "ID" { report(directive, needs: "a field of type ID or [ID]", field, type) }
            default:
                continue
            }
        }
        return .continue
    }

    private func report(_ directive: DirectiveNode, needs: String, _ field: FieldNode, _ type: TypeReference) {
        context.report(
            Self.needsMessage(directive.name.value, needs: needs, field: field.name.value, type: type.description),
            at: [directive.location])
    }

    private func isEdge(_ name: String) -> Bool {
        guard let type = context.schema.type(named: name) else { return false }
        return type.field(named: "node") != nil && type.field(named: "cursor") != nil
    }
}
