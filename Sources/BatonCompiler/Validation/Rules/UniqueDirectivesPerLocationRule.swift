/// Directives Are Unique Per Location (spec §5 Validation): a directive that is not repeatable is
/// applied at most once to a node; a type's definition and extensions count as one node.
package struct UniqueDirectivesPerLocationRule: ValidationRule {
    let context: ValidationContext
    private let uniqueByName: [String: Bool]
    private var schemaDirectives: [String: DirectiveNode] = [:]
    private var typeDirectives: [String: [String: DirectiveNode]] = [:]

    /// Makes the rule for one document; it reports what it finds through `context`.
    /// - Parameter context: The document, schema and current type information, and where errors go.
    package init(context: ValidationContext) {
        self.context = context
        var unique: [String: Bool] = [:]
        for directive in context.schema.directives {
            unique[directive.name] = !directive.isRepeatable
        }
        for case .directive(let definition) in context.document.definitions {
            unique[definition.name.value] = !definition.isRepeatable
        }
        self.uniqueByName = unique
    }

    static func duplicateDirectiveMessage(_ name: String) -> String {
        "The directive \"@\(name)\" can only be used once at this location."
    }

    package mutating func enter(_ node: ASTNode) -> VisitAction {
        guard let directives = node.appliedDirectives, !directives.isEmpty else { return .continue }
        var seen: [String: DirectiveNode]
        switch node {
        case .schemaDefinition, .schemaExtension: seen = schemaDirectives
        default: seen = node.typeSystemName.flatMap { typeDirectives[$0] } ?? [:]
        }
        for directive in directives where uniqueByName[directive.name.value] == true {
            let name = directive.name.value
            if let first = seen[name] {
                context.report(Self.duplicateDirectiveMessage(name), at: [first.location, directive.location])
            } else {
                seen[name] = directive
            }
        }
        switch node {
        case .schemaDefinition, .schemaExtension: schemaDirectives = seen
        default: if let name = node.typeSystemName { typeDirectives[name] = seen }
        }
        return .continue
    }
}
