/// Fragment Spread Is Possible (spec §5 Validation): a fragment is spread only where an object could
/// be both of the enclosing type and of the fragment's type condition.
package struct PossibleFragmentSpreadsRule: ValidationRule {
    let context: ValidationContext

    /// Makes the rule for one document; it reports what it finds through `context`.
    /// - Parameter context: The document, schema and current type information, and where errors go.
    package init(context: ValidationContext) {
        self.context = context
    }

    static func impossibleInlineFragmentMessage(parent: String, fragmentType: String) -> String {
        "Fragment cannot be spread here as objects of type \"\(parent)\" can never be of type \"\(fragmentType)\"."
    }

    static func impossibleSpreadMessage(_ fragment: String, parent: String, fragmentType: String) -> String {
        "Fragment \"\(fragment)\" cannot be spread here as objects of type \"\(parent)\""
            + " can never be of type \"\(fragmentType)\"."
    }

    package mutating func enter(_ node: ASTNode) -> VisitAction {
        let schema = context.schema
        switch node {
        case .inlineFragment(let fragment):
            guard let fragmentType = context.type.flatMap({ schema.namedType(of: $0) }), fragmentType.isCompositeType,
                let parent = context.parentType, parent.isCompositeType,
                !schema.compositeTypesOverlap(fragmentType, parent)
            else { break }
            context.report(
                Self.impossibleInlineFragmentMessage(parent: parent.name, fragmentType: fragmentType.name),
                at: [fragment.location])
        case .fragmentSpread(let spread):
            guard let definition = context.fragment(named: spread.name.value),
                let fragmentType = schema.type(named: definition.typeCondition.name.value),
                fragmentType.isCompositeType,
                let parent = context.parentType,
                !schema.compositeTypesOverlap(fragmentType, parent)
            else { break }
            context.report(
                Self.impossibleSpreadMessage(spread.name.value, parent: parent.name, fragmentType: fragmentType.name),
                at: [spread.location])
        default:
            break
        }
        return .continue
    }
}
