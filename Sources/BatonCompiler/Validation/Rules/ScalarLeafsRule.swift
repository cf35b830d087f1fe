/// Leaf Field Selections (spec §5 Validation): fields of scalar and enum types select nothing,
/// fields of other types select subfields.
package struct ScalarLeafsRule: ValidationRule {
    let context: ValidationContext

    /// Makes the rule for one document; it reports what it finds through `context`.
    /// - Parameter context: The document, schema and current type information, and where errors go.
    package init(context: ValidationContext) {
        self.context = context
    }

    static func noSubselectionAllowedMessage(_ field: String, _ type: String) -> String {
        "Field \"\(field)\" must not have a selection since type \"\(type)\" has no subfields."
    }

    static func requiredSubselectionMessage(_ field: String, _ type: String) -> String {
        "Field \"\(field)\" of type \"\(type)\" must have a selection of subfields. Did you mean \"\(field) { ... }\"?"
    }

    package mutating func enter(_ node: ASTNode) -> VisitAction {
        guard case .field(let field) = node, let type = context.type,
            let named = context.schema.namedType(of: type)
        else { return .continue }
        if named.isLeafType {
            if let selectionSet = field.selectionSet {
                context.report(
                    Self.noSubselectionAllowedMessage(field.name.value, type.description), at: [selectionSet.location])
            }
        } else if field.selectionSet == nil {
            context.report(Self.requiredSubselectionMessage(field.name.value, type.description), at: [field.location])
        }
        return .continue
    }
}
