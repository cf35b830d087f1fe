/// Single Root Field (spec §5 Validation, Subscription Operation Definitions): a subscription selects exactly
/// one root field, not an introspection field, and not under `@skip` or `@include`.
package struct SingleFieldSubscriptionsRule: ValidationRule {
    let context: ValidationContext

    /// Makes the rule for one document; it reports what it finds through `context`.
    /// - Parameter context: The document, schema and current type information, and where errors go.
    package init(context: ValidationContext) {
        self.context = context
    }

    static func subject(_ name: String?) -> String {
        name.map { "Subscription \"\($0)\"" } ?? "Anonymous Subscription"
    }

    static func conditionalRootMessage(_ name: String?) -> String {
        subject(name) + " must not use `@skip` or `@include` directives in the top level selection."
    }

    static func noRootFieldMessage(_ name: String?) -> String {
        subject(name) + " must select one top level field."
    }

    static func manyRootFieldsMessage(_ name: String?) -> String {
        subject(name) + " must select only one top level field."
    }

    static func introspectionRootFieldMessage(_ name: String?) -> String {
        subject(name) + " must not select an introspection top level field."
    }

    package mutating func enter(_ node: ASTNode) -> VisitAction {
        switch node {
        case .operationDefinition(let operation):
            if operation.operation == .subscription, let root = context.schema.subscriptionType {
                check(operation, root: root)
            }
            return .skipChildren
        case .fragmentDefinition:
            return .skipChildren
        default:
            return .continue
        }
    }

    private func check(_ operation: OperationDefinitionNode, root: ObjectType) {
        let name = operation.name?.value
        let collected = collectRootFields(operation.selectionSet, root: root)
        if !collected.conditionalDirectives.isEmpty {
            context.report(Self.conditionalRootMessage(name), at: collected.conditionalDirectives.map(\.location))
            return
        }
        if collected.groups.isEmpty {
            context.report(Self.noRootFieldMessage(name), at: [operation.selectionSet.location])
        } else if collected.groups.count > 1 {
            let extra = collected.groups.dropFirst().flatMap { $0 }
            context.report(Self.manyRootFieldsMessage(name), at: extra.map(\.location))
        }
        for group in collected.groups where group[0].name.value.hasPrefix("__") {
            context.report(Self.introspectionRootFieldMessage(name), at: group.map(\.location))
        }
    }

    /// The root fields grouped by response key, as execution collects them (spec CollectFields),
    /// with every `@skip` and `@include` met on the way, which make a selection left out.
    private func collectRootFields(
        _ selectionSet: SelectionSetNode, root: ObjectType
    ) -> (groups: [[FieldNode]], conditionalDirectives: [DirectiveNode]) {
        var groups: [[FieldNode]] = []
        var groupIndex: [String: Int] = [:]
        var conditional: [DirectiveNode] = []
        var visitedFragments: Set<String> = []
        var walker = SelectionWalker(selectionSet.selections)
        while let (selection, _) = walker.next() {
            if let directive = selection.directives.named("skip") ?? selection.directives.named("include") {
                conditional.append(directive)
                continue
            }
            switch selection {
            case .field(let field):
                if let index = groupIndex[field.responseKey] {
                    groups[index].append(field)
                } else {
                    groupIndex[field.responseKey] = groups.count
                    groups.append([field])
                }
            case .inlineFragment(let fragment):
                guard conditionMatches(fragment.typeCondition, root) else { continue }
                walker.descend(into: fragment.selectionSet.selections)
            case .fragmentSpread(let spread):
                guard let fragment = context.fragment(named: spread.name.value),
                    conditionMatches(fragment.typeCondition, root),
                    visitedFragments.insert(spread.name.value).inserted
                else { continue }
                walker.descend(into: fragment.selectionSet.selections)
            }
        }
        return (groups, conditional)
    }

    /// Whether a fragment with this type condition applies to the root type (spec DoesFragmentTypeApply).
    private func conditionMatches(_ condition: NamedTypeNode?, _ root: ObjectType) -> Bool {
        guard let condition else { return true }
        let name = condition.name.value
        if name == root.name { return true }
        guard context.schema.type(named: name)?.isAbstractType == true else { return false }
        return context.schema.isSubType(root.name, of: name)
    }
}
