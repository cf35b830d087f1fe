/// Values of Correct Type and Input Object Field Names and Required Fields (spec §5 Validation):
/// every value written in the document can be coerced to the type its place expects, and a
/// `@oneOf` input object is given exactly one field, not null.
package struct ValuesOfCorrectTypeRule: ValidationRule {
    let context: ValidationContext
    private let validator: InputLiteralValidator

    /// Makes the rule for one document; it reports what it finds through `context`.
    /// - Parameter context: The document, schema and current type information, and where errors go.
    package init(context: ValidationContext) {
        self.context = context
        self.validator = InputLiteralValidator(schema: context.schema) { [context] message, location in
            context.report(message, at: [location])
        }
    }

    package mutating func enter(_ node: ASTNode) -> VisitAction {
        let expected: TypeReference?
        switch node {
        case .listValue:
            // The walk has already entered the list and expects its items; the list's own type
            // is the parent's.
            expected = context.parentInputType
        case .nullValue, .objectValue, .enumValue, .intValue, .floatValue, .stringValue, .booleanValue:
            expected = context.inputType
        default:
            return .continue
        }
        if let expected, let value = node.value { validator.validate(value, expected) }
        // The whole value is checked at once; its parts are not checked again.
        return .skipChildren
    }
}
