/// Field Selections (spec §5 Validation): every field selected is defined on the type it is
/// selected on, or is a meta field such as `__typename`.
package struct FieldsOnCorrectTypeRule: ValidationRule {
    let context: ValidationContext

    /// Makes the rule for one document; it reports what it finds through `context`.
    /// - Parameter context: The document, schema and current type information, and where errors go.
    package init(context: ValidationContext) {
        self.context = context
    }

    static func undefinedFieldMessage(_ field: String, _ type: String, suggestedTypes: [String], suggestedFields: [String])
        -> String
    {
        let hint =
            suggestedTypes.isEmpty
            ? didYouMean(suggestedFields) : didYouMean("to use an inline fragment on", suggestedTypes)
        return "Cannot query field \"\(field)\" on type \"\(type)\"." + hint
    }

    package mutating func enter(_ node: ASTNode) -> VisitAction {
        guard case .field(let field) = node, let parent = context.parentType, context.fieldDefinition == nil else {
            return .continue
        }
        let name = field.name.value
        let types = suggestedTypeNames(parent, name)
        let fields = types.isEmpty ? suggestionList(name, (parent.fields ?? []).map(\.name)) : []
        context.report(
            Self.undefinedFieldMessage(name, parent.name, suggestedTypes: types, suggestedFields: fields),
            at: [field.location])
        return .continue
    }

    /// The object and interface types within an abstract type that define the field, those that
    /// more of the others share first, then super types before their subtypes, then by name.
    private func suggestedTypeNames(_ type: NamedType, _ fieldName: String) -> [String] {
        guard type.isAbstractType else { return [] }
        let schema = context.schema
        var suggested: [NamedType] = []
        var seen: Set<String> = []
        var usage: [String: Int] = [:]
        for possible in schema.possibleTypes(of: type.name) where possible.field(named: fieldName) != nil {
            if seen.insert(possible.name).inserted { suggested.append(.object(possible)) }
            usage[possible.name] = 1
            for interfaceName in possible.interfaces {
                guard let interface = schema.interfaceType(named: interfaceName),
                    interface.field(named: fieldName) != nil
                else { continue }
                if seen.insert(interfaceName).inserted { suggested.append(.interface(interface)) }
                usage[interfaceName, default: 0] += 1
            }
        }
        return referenceSorted(suggested) { a, b in
            let difference = (usage[b.name] ?? 0) - (usage[a.name] ?? 0)
            if difference != 0 { return difference < 0 }
            if a.kind == .interface, schema.isSubType(b.name, of: a.name) { return true }
            if b.kind == .interface, schema.isSubType(a.name, of: b.name) { return false }
            return naturalCompare(a.name, b.name) < 0
        }.map(\.name)
    }
}
