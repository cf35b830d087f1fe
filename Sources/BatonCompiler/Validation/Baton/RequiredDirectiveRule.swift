/// Baton's `@required(action: NONE | LOG | THROW)`: applied only to fields, with an action written
/// in the document, and never a weaker action than that of the nearest enclosing field that is
/// also `@required` (NONE < LOG < THROW), since a child's null bubbles up through its parents.
package struct RequiredDirectiveRule: ValidationRule {
    /// A `@required` action, in order of strength.
    enum Action: Int, Comparable {
        case none, log, `throw`

        init?(_ value: ValueNode?) {
            guard case .enum(let node) = value else { return nil }
            switch node.value {
            case "NONE": self = .none
            case "LOG": self = .log
            case "THROW": self = .throw
            default: return nil
            }
        }

        var name: String {
            switch self {
            case .none: "NONE"
            case .log: "LOG"
            case .throw: "THROW"
            }
        }

        static func < (lhs: Action, rhs: Action) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    let context: ValidationContext
    /// The fields enclosing the current node in its definition, with their `@required`, if any.
    private var fields: [(name: String, required: (directive: DirectiveNode, action: Action)?)] = []
    private let defaultAction: Action

    /// Makes the rule for one document; it reports what it finds through `context`.
    /// - Parameter context: The document, schema and current type information, and where errors go.
    package init(context: ValidationContext) {
        self.context = context
        self.defaultAction =
            Action(context.schema.directive(named: "required")?.argument(named: "action")?.defaultValue) ?? .none
    }

    static func weakerActionMessage(field: String, action: String, parent: String, parentAction: String) -> String {
        "Field \"\(field)\" is @required(action: \(action)) inside field \"\(parent)\", which is"
            + " @required(action: \(parentAction)); a @required field may not have a weaker action than its"
            + " @required parent."
    }

    package mutating func enter(_ node: ASTNode) -> VisitAction {
        switch node {
        case .field(let field):
            var required: (DirectiveNode, Action)?
            if let directive = field.directives.named("required") {
                let written = directive.argument(named: "action")
                if let action = written == nil ? defaultAction : Action(written) {
                    required = (directive, action)
                    checkNesting(field, directive, action)
                }
            }
            fields.append((field.name.value, required))
        case .directive(let directive) where directive.name.value == "required":
            if ClientDirectivePlacement.misplacement(
                of: directive, allowed: ClientDirectivePlacement.required, context: context) != nil
            {
                context.report(
                    ClientDirectivePlacement.misplacedMessage("required", places: "fields"), at: [directive.location])
            }
            if case .variable = directive.argument(named: "action") {
                context.report(
                    ClientDirectivePlacement.variableArgumentMessage("required", "action"), at: [directive.location])
            }
        default:
            break
        }
        return .continue
    }

    package mutating func leave(_ node: ASTNode) {
        if case .field = node { _ = fields.popLast() }
    }

    private func checkNesting(_ field: FieldNode, _ directive: DirectiveNode, _ action: Action) {
        guard let parent = fields.last(where: { $0.required != nil }), let parentRequired = parent.required,
            action < parentRequired.action
        else { return }
        context.report(
            Self.weakerActionMessage(
                field: field.name.value, action: action.name, parent: parent.name,
                parentAction: parentRequired.action.name),
            at: [directive.location, parentRequired.directive.location])
    }
}
