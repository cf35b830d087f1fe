/// Argument Uniqueness (spec §5 Validation): no two arguments of a field or directive share a name.
package struct UniqueArgumentNamesRule: ValidationRule {
    let context: ValidationContext

    /// Makes the rule for one document; it reports what it finds through `context`.
    /// - Parameter context: The document, schema and current type information, and where errors go.
    package init(context: ValidationContext) {
        self.context = context
    }

    static func duplicateArgumentMessage(_ name: String) -> String {
        "There can be only one argument named \"\(name)\"."
    }

    package mutating func enter(_ node: ASTNode) -> VisitAction {
        switch node {
        case .field(let field): check(field.arguments)
        case .directive(let directive): check(directive.arguments)
        default: break
        }
        return .continue
    }

    private func check(_ arguments: [ArgumentNode]) {
        guard arguments.count > 1 else { return }
        var order: [String] = []
        var byName: [String: [NameNode]] = [:]
        for argument in arguments {
            if byName[argument.name.value] == nil { order.append(argument.name.value) }
            byName[argument.name.value, default: []].append(argument.name)
        }
        for name in order {
            guard let names = byName[name], names.count > 1 else { continue }
            context.report(Self.duplicateArgumentMessage(name), at: names.map(\.location))
        }
    }
}
