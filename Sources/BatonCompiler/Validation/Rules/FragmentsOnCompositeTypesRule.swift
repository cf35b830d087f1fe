/// Fragments On Composite Types (spec §5 Validation): a type condition names an object, interface
/// or union type.
package struct FragmentsOnCompositeTypesRule: ValidationRule {
    let context: ValidationContext

    /// Makes the rule for one document; it reports what it finds through `context`.
    /// - Parameter context: The document, schema and current type information, and where errors go.
    package init(context: ValidationContext) {
        self.context = context
    }

    static func inlineFragmentOnNonCompositeMessage(_ type: String) -> String {
        "Fragment cannot condition on non composite type \"\(type)\"."
    }

    static func fragmentOnNonCompositeMessage(_ fragment: String, _ type: String) -> String {
        "Fragment \"\(fragment)\" cannot condition on non composite type \"\(type)\"."
    }

    package mutating func enter(_ node: ASTNode) -> VisitAction {
        switch node {
        case .inlineFragment(let fragment):
            if let condition = fragment.typeCondition, isNonComposite(condition) {
                context.report(Self.inlineFragmentOnNonCompositeMessage(condition.name.value), at: [condition.location])
            }
        case .fragmentDefinition(let fragment):
            if isNonComposite(fragment.typeCondition) {
                context.report(
                    Self.fragmentOnNonCompositeMessage(fragment.name.value, fragment.typeCondition.name.value),
                    at: [fragment.typeCondition.location])
            }
        default:
            break
        }
        return .continue
    }

    /// Whether the schema has the type and it is not composite; an unknown type is KnownTypeNames's.
    private func isNonComposite(_ condition: NamedTypeNode) -> Bool {
        guard let type = context.schema.type(named: condition.name.value) else { return false }
        return !type.isCompositeType
    }
}
