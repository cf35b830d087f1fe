/// `@stream` is applied only to fields whose type is a list (incremental delivery proposal).
package struct StreamDirectiveOnListFieldRule: ValidationRule {
    let context: ValidationContext

    /// Makes the rule for one document; it reports what it finds through `context`.
    /// - Parameter context: The document, schema and current type information, and where errors go.
    package init(context: ValidationContext) {
        self.context = context
    }

    static func streamOnNonListMessage(field: String?, type: String) -> String {
        "Stream directive cannot be used on non-list field\(field.map { " \"\($0)\"" } ?? "") on type \"\(type)\"."
    }

    package mutating func enter(_ node: ASTNode) -> VisitAction {
        guard case .directive(let directive) = node, directive.name.value == "stream",
            let field = context.fieldDefinition, let parent = context.parentType, !field.type.isList
        else { return .continue }
        // A meta field such as `__typename` is not among the type's own fields, and goes unnamed.
        let name = parent.field(named: field.name) != nil ? field.name : nil
        context.report(Self.streamOnNonListMessage(field: name, type: parent.name), at: [directive.location])
        return .continue
    }
}
