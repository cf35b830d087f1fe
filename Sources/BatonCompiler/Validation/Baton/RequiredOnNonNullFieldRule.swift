/// Baton's `@required` is not applied to a field that is already non-null: non-null in the
/// schema, or semantically non-null (`@semanticNonNull` at level 0) in an operation or fragment
/// marked `@throwOnFieldError`, where generated code already reads it as non-optional.
package struct RequiredOnNonNullFieldRule: ValidationRule {
    let context: ValidationContext
    /// The `@throwOnFieldError` of the operation or fragment being read, if it has one.
    private var throwOnFieldError: DirectiveNode?

    /// Makes the rule for one document; it reports what it finds through `context`.
    /// - Parameter context: The document, schema and current type information, and where errors go.
    package init(context: ValidationContext) {
        self.context = context
    }

    static func nonNullFieldMessage(_ field: String, type: String) -> String {
        "Field \"\(field)\" of type \"\(type)\" is already non-null and must not be @required."
    }

    static func semanticallyNonNullFieldMessage(_ field: String) -> String {
        "Field \"\(field)\" is semantically non-null under @throwOnFieldError and must not be @required."
    }

    package mutating func enter(_ node: ASTNode) -> VisitAction {
        switch node {
        case .operationDefinition(let operation):
            throwOnFieldError = operation.directives.named("throwOnFieldError")
        case .fragmentDefinition(let fragment):
            throwOnFieldError = fragment.directives.named("throwOnFieldError")
        case .field(let field):
            guard let required = field.directives.named("required"), let definition = context.fieldDefinition else {
                break
            }
            if definition.type.isNonNull {
                context.report(
                    Self.nonNullFieldMessage(field.name.value, type: definition.type.description),
                    at: [required.location])
            } else if let throwOnFieldError, definition.semanticNonNullLevels?.contains(0) == true {
                context.report(
                    Self.semanticallyNonNullFieldMessage(field.name.value),
                    at: [required.location, throwOnFieldError.location])
            }
        default:
            break
        }
        return .continue
    }
}
