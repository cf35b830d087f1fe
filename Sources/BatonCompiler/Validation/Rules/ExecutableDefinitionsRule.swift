/// Executable Definitions (spec §5 Validation): a document to execute holds only operations and fragments.
package struct ExecutableDefinitionsRule: ValidationRule {
    let context: ValidationContext

    /// Makes the rule for one document; it reports what it finds through `context`.
    /// - Parameter context: The document, schema and current type information, and where errors go.
    package init(context: ValidationContext) {
        self.context = context
    }

    static func nonExecutableDefinitionMessage(_ name: String?) -> String {
        "The \(name.map { "\"\($0)\"" } ?? "schema") definition is not executable."
    }

    package mutating func enter(_ node: ASTNode) -> VisitAction {
        guard case .document(let document) = node else { return .continue }
        for definition in document.definitions where !definition.isExecutable {
            let name: String? =
                switch definition {
                case .schema, .schemaExtension, .operation, .fragment: nil
                case .type(let type): type.name.value
                case .typeExtension(let type): type.name.value
                case .directive(let directive): directive.name.value
                }
            context.report(Self.nonExecutableDefinitionMessage(name), at: [definition.location])
        }
        return .skipChildren
    }
}
