/// Checks the client's fields against what they read as before the app writes them: a
/// non-null client field must declare its default (`@clientDefault(value:)`; SDL has no field
/// defaults), and a default must be a literal of the field's type, since the store gives it to
/// reads as if the app had written it.
enum ClientFieldDefaults {
    /// The errors of the client's fields `fields` (by type name, as written) in `schema`.
    static func diagnostics(_ fields: [(typeName: String, node: FieldDefinitionNode)], schema: Schema) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for (typeName, node) in fields {
            guard let field = schema.field(named: node.name.value, on: typeName) else { continue }
            let name = "\(typeName).\(field.name)"
            guard let value = field.clientDefault else {
                if field.type.isNonNull {
                    diagnostics.append(
                        Diagnostic(
                            "Client field \"\(name)\" is of non-null type \"\(field.type)\" but declares no default: the app has written nothing to it at first. Give it one with @clientDefault(value: …), or make its type nullable.",
                            at: node.location))
                }
                continue
            }
            if let problem = Self.problem(value, type: field.type, schema: schema) {
                diagnostics.append(
                    Diagnostic("Client field \"\(name)\" has a @clientDefault that is not a \"\(field.type)\": \(problem)", at: value.location))
            }
        }
        return diagnostics
    }

    /// Why `value` is not a literal of `type`, or `nil` when it is.
    ///
    /// Recursion follows the list nesting of `type`.
    private static func problem(_ value: ValueNode, type: TypeReference, schema: Schema) -> String? {
        if case .nonNull(let inner) = type {
            if case .null = value { return "null where the type is non-null." }
            return problem(value, type: inner, schema: schema)
        }
        switch (value, type) {
        case (.null, _):
            return nil
        case (.variable, _):
            return "a variable is not a literal."
        case (.list(let list), .list(let element)):
            return list.values.lazy.compactMap { problem($0, type: element, schema: schema) }.first
        case (_, .list(let element)):
            return problem(value, type: element, schema: schema)
        case (_, .nonNull):
            return nil
        case (_, .named(let name)):
            return leafProblem(value, typeName: name, schema: schema)
        }
    }

    private static func leafProblem(_ value: ValueNode, typeName: String, schema: Schema) -> String? {
        switch schema.type(named: typeName) {
        case .enum(let enumType)?:
            guard case .enum(let node) = value, enumType.values.contains(where: { $0.name == node.value }) else {
                return "expected one of \(enumType.values.map(\.name).joined(separator: ", "))."
            }
            return nil
        case .scalar?:
            let accepted: Bool
            switch (typeName, value) {
            case ("Boolean", .boolean), ("Int", .int), ("Float", .int), ("Float", .float), ("String", .string),
                ("ID", .string), ("ID", .int):
                accepted = true
            case ("Boolean", _), ("Int", _), ("Float", _), ("String", _), ("ID", _):
                accepted = false
            default:
                // A custom scalar's literal is the app's to read.
                accepted = !(value.isList || value.isObject)
            }
            return accepted ? nil : "expected a \(typeName) literal."
        case .object?, .interface?, .union?, .inputObject?, nil:
            return "a default is a value of a scalar or enum type, or a list of one."
        }
    }
}

extension ValueNode {
    fileprivate var isList: Bool {
        if case .list = self { return true }
        return false
    }

    fileprivate var isObject: Bool {
        if case .object = self { return true }
        return false
    }
}
