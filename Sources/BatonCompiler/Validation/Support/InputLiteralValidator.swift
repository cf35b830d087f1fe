/// Checks a value written in a document against the input type its place expects, without the
/// values of variables (graphql-js's `validateInputLiteral` used statically): variables are
/// accepted here and checked by VariablesInAllowedPosition.
struct InputLiteralValidator {
    /// Values deeper than this are not looked into; the parser never builds them.
    static let maxDepth = 512

    let schema: Schema
    /// Receives each problem and where it is.
    let report: (String, SourceLocation) -> Void

    /// Checks `value` against `type`.
    func validate(_ value: ValueNode, _ type: TypeReference) {
        validate(value, type, depth: 0)
    }

    private func validate(_ value: ValueNode, _ type: TypeReference, depth: Int) {
        guard depth < Self.maxDepth else { return }
        if case .variable = value { return }
        switch type {
        case .nonNull(let inner):
            if case .null(let null) = value {
                report("Expected value of non-null type \"\(type)\" not to be null.", null.location)
                return
            }
            validate(value, inner, depth: depth + 1)
        case .list(let item):
            switch value {
            case .null:
                return
            case .list(let list):
                for element in list.values { validate(element, item, depth: depth + 1) }
            default:
                // A single value stands for a list of one.
                validate(value, item, depth: depth + 1)
            }
        case .named(let name):
            if case .null = value { return }
            switch schema.type(named: name) {
            case .inputObject(let inputObject): validateObject(value, inputObject, depth: depth)
            case .enum(let enumType): validateEnum(value, enumType)
            case .scalar(let scalar): validateScalar(value, scalar)
            case .object, .interface, .union, nil: return
            }
        }
    }

    private func validateObject(_ value: ValueNode, _ type: InputObjectType, depth: Int) {
        guard case .object(let object) = value else {
            report(
                "Expected value of type \"\(type.name)\" to be an object, found: \(Printer.print(value)).",
                value.location)
            return
        }
        var given: [String: ObjectFieldNode] = [:]
        for field in object.fields { given[field.name.value] = field }
        for field in type.fields {
            if let node = given[field.name] {
                validate(node.value, field.type, depth: depth + 1)
            } else if field.isRequired {
                report(
                    "Expected value of type \"\(type.name)\" to include required field \"\(field.name)\","
                        + " found: \(Printer.print(value)).",
                    object.location)
            }
        }
        var known: [ObjectFieldNode] = []
        for field in object.fields {
            guard type.field(named: field.name.value) == nil else {
                known.append(field)
                continue
            }
            let suggestion = didYouMean(suggestionList(field.name.value, type.fields.map(\.name)))
            report(
                "Expected value of type \"\(type.name)\" not to include unknown field \"\(field.name.value)\""
                    + (suggestion.isEmpty ? ", found" : ".\(suggestion) Found") + ": \(Printer.print(value)).",
                field.location)
        }
        if type.isOneOf {
            let message =
                "Within OneOf Input Object type \"\(type.name)\", exactly one field must be specified,"
                + " and the value for that field must be non-null."
            if known.count != 1 {
                report(message, object.location)
            } else if case .null = known[0].value {
                report(message, object.location)
            }
        }
    }

    private func validateEnum(_ value: ValueNode, _ type: EnumType) {
        let names = type.values.map(\.name)
        if case .enum(let enumValue) = value {
            guard type.value(named: enumValue.value) == nil else { return }
            report(
                "Value \"\(enumValue.value)\" does not exist in \"\(type.name)\" enum."
                    + didYouMean("the enum value", suggestionList(enumValue.value, names)),
                value.location)
            return
        }
        let printed = Printer.print(value)
        report(
            "Enum \"\(type.name)\" cannot represent non-enum value: \(printed)."
                + didYouMean("the enum value", suggestionList(printed, names)),
            value.location)
    }

    /// The built-in scalars accept their literals (spec §3.5); a custom scalar accepts any literal.
    private func validateScalar(_ value: ValueNode, _ type: ScalarType) {
        let problem: String?
        switch type.name {
        case "Int":
            if case .int(let int) = value {
                problem = Int32(int.value) == nil ? "Int cannot represent non 32-bit signed integer value: " : nil
            } else {
                problem = "Int cannot represent non-integer value: "
            }
        case "Float":
            switch value {
            case .int, .float: problem = nil
            default: problem = "Float cannot represent non numeric value: "
            }
        case "String":
            if case .string = value { problem = nil } else { problem = "String cannot represent a non string value: " }
        case "Boolean":
            if case .boolean = value { problem = nil } else { problem = "Boolean cannot represent a non boolean value: " }
        case "ID":
            switch value {
            case .int, .string: problem = nil
            default: problem = "ID cannot represent a non-string and non-integer value: "
            }
        default:
            problem = nil
        }
        if let problem { report(problem + Printer.print(value), value.location) }
    }
}
