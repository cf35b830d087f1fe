/// Relay's `@connection(key:filters:)`: only on a connection field (Relay's connection spec: a
/// type with `edges`, a list of objects with `node` and `cursor`, and `pageInfo`), with its key
/// written as a string and its filters among the field's arguments; the client's `__id` only
/// on such a field, the one record that holds it.
package struct ConnectionDirectiveRule: ValidationRule {
    let context: ValidationContext

    /// Makes the rule for one document; it reports what it finds through `context`.
    /// - Parameter context: The document, schema and current type information, and where errors go.
    package init(context: ValidationContext) {
        self.context = context
    }

    static func notAConnectionMessage(_ field: String, type: String, lacking: String) -> String {
        "Directive \"@connection\" needs a connection field: field \"\(field)\" has type \"\(type)\", which lacks \(lacking)."
    }

    static func unknownFilterMessage(_ filter: String, field: String) -> String {
        "Filter \"\(filter)\" of \"@connection\" is not an argument of field \"\(field)\"."
    }

    static let recordIDOutsideConnectionMessage =
        "Field \"__id\" may only be selected directly on a field marked \"@connection\", whose record the store keeps under that ID."

    package mutating func enter(_ node: ASTNode) -> VisitAction {
        if case .field(let field) = node, field.name.value == MetaFields.recordID.name {
            let parentField = context.ancestors.dropLast().last { if case .field = $0 { return true } else { return false } }
            guard case .field(let parent)? = parentField, parent.directives.named("connection") != nil else {
                context.report(Self.recordIDOutsideConnectionMessage, at: [field.location])
                return .continue
            }
        }
        guard case .field(let field) = node, let directive = field.directives.named("connection"),
            let definition = context.fieldDefinition
        else { return .continue }
        if case .variable = directive.argument(named: "key") {
            context.report(ClientDirectivePlacement.variableArgumentMessage("connection", "key"), at: [directive.location])
        }
        if let lacking = lacking(definition.type.namedType) {
            context.report(
                Self.notAConnectionMessage(field.name.value, type: definition.type.description, lacking: lacking),
                at: [directive.location])
        }
        var filters: [ValueNode] = []
        switch directive.argument(named: "filters") {
        case .list(let list)?: filters = list.values
        case let single?: filters = [single]
        case nil: break
        }
        for case .string(let filter) in filters where definition.arguments.allSatisfy({ $0.name != filter.value }) {
            context.report(Self.unknownFilterMessage(filter.value, field: field.name.value), at: [filter.location])
        }
        return .continue
    }

    /// What the type named `name` lacks to be a connection, in words; `nil` when it is one.
    private func lacking(_ name: String) -> String? {
        guard let type = context.schema.type(named: name) else { return nil }
        guard let edges = type.field(named: "edges") else {
            return "an \"edges\" field (a list of edges with \"node\" and \"cursor\")"
        }
        guard edges.type.isList, let edge = context.schema.type(named: edges.type.namedType),
            edge.field(named: "node") != nil, edge.field(named: "cursor") != nil
        else {
            return "edges with \"node\" and \"cursor\" (its \"edges\" is \"\(edges.type)\")"
        }
        guard type.field(named: "pageInfo") != nil else { return "a \"pageInfo\" field" }
        return nil
    }
}
