/// Checks that a built schema is valid (spec §3 "Type Validation" sections; graphql-js's
/// `validateSchema`), with graphql-js's messages. References to unknown types are reported where
/// they are written (``Schema/unknownTypeReferences(in:)``) and not again here.
struct SchemaValidator {
    let schema: Schema
    private(set) var diagnostics: [Diagnostic] = []

    init(schema: Schema) {
        self.schema = schema
    }

    mutating func report(_ message: String, _ locations: [SourceLocation?]) {
        diagnostics.append(Diagnostic(message, locations: locations.compactMap { $0 }))
    }

    /// Every diagnostic, roots first, then directives, then types in order.
    mutating func validate() -> [Diagnostic] {
        validateRootTypes()
        for directive in schema.directives { validate(directive) }
        for type in schema.types where !Prelude.introspectionTypeNames.contains(type.name) {
            validateName(type.name, type.location)
            switch type {
            case .scalar: break
            case .object(let object):
                validateFields(of: object.name, object.fields, object.location)
                validateInterfaces(of: type)
            case .interface(let interface):
                validateFields(of: interface.name, interface.fields, interface.location)
                validateInterfaces(of: type)
            case .union(let union): validateMembers(of: union)
            case .enum(let enumType): validateValues(of: enumType)
            case .inputObject(let input): validateFields(of: input)
            }
        }
        validateInputObjectCycles()
        return diagnostics
    }

    private mutating func validateRootTypes() {
        var used: [String: OperationType] = [:]
        for operation in OperationType.allCases {
            guard let name = schema.rootTypeName(for: operation) else {
                if operation == .query { report("Query root type must be provided.", []) }
                continue
            }
            guard let type = schema.type(named: name) else { continue }
            let title = operation.rawValue.prefix(1).uppercased() + operation.rawValue.dropFirst()
            if type.kind != .object {
                let condition = operation == .query ? "" : " if provided"
                report("\(title) root type must be Object type\(condition), it cannot be \(name).", [type.location])
            }
            if let other = used[name] {
                report(
                    "All root types must be different, \"\(name)\" type is used as \(other.rawValue) and \(operation.rawValue) root types.",
                    [type.location])
            } else {
                used[name] = operation
            }
        }
    }

    private mutating func validate(_ directive: Directive) {
        validateName(directive.name, directive.location)
        if directive.locations.isEmpty {
            report("Directive @\(directive.name) must include 1 or more locations.", [directive.location])
        }
        for argument in directive.arguments {
            validateName(argument.name, argument.location)
            if isKnown(argument.type), !schema.isInputType(argument.type) {
                report(
                    "The type of @\(directive.name)(\(argument.name):) must be Input Type but got: \(argument.type).",
                    [argument.location])
            }
            if argument.isRequired, argument.isDeprecated {
                report("Required argument @\(directive.name)(\(argument.name):) cannot be deprecated.", [argument.location])
            }
        }
    }

    /// Names starting with `__` belong to introspection (spec §2.1.9 Reserved Names).
    mutating func validateName(_ name: String, _ location: SourceLocation?) {
        if name.hasPrefix("__") {
            report(
                "Name \"\(name)\" must not begin with \"__\", which is reserved by GraphQL introspection.", [location])
        }
    }

    /// Whether the named type a reference wraps exists; unknown ones are reported elsewhere.
    func isKnown(_ reference: TypeReference) -> Bool {
        schema.namedType(of: reference) != nil
    }

    private mutating func validateFields(of typeName: String, _ fields: [Field], _ location: SourceLocation?) {
        if fields.isEmpty {
            report("Type \(typeName) must define one or more fields.", [location])
        }
        for field in fields {
            validateName(field.name, field.location)
            if isKnown(field.type), !schema.isOutputType(field.type) {
                report(
                    "The type of \(typeName).\(field.name) must be Output Type but got: \(field.type).", [field.location])
            }
            for argument in field.arguments {
                validateName(argument.name, argument.location)
                if isKnown(argument.type), !schema.isInputType(argument.type) {
                    report(
                        "The type of \(typeName).\(field.name)(\(argument.name):) must be Input Type but got: \(argument.type).",
                        [argument.location])
                }
                if argument.isRequired, argument.isDeprecated {
                    report(
                        "Required argument \(typeName).\(field.name)(\(argument.name):) cannot be deprecated.",
                        [argument.location])
                }
            }
        }
    }

    private mutating func validateMembers(of union: UnionType) {
        if union.members.isEmpty {
            report("Union type \(union.name) must define one or more member types.", [union.location])
        }
        var included: Set<String> = []
        for member in union.members {
            if !included.insert(member).inserted {
                report("Union type \(union.name) can only include type \(member) once.", [union.location])
                continue
            }
            if let type = schema.type(named: member), type.kind != .object {
                report(
                    "Union type \(union.name) can only include Object types, it cannot include \(member).",
                    [union.location])
            }
        }
    }

    private mutating func validateValues(of enumType: EnumType) {
        if enumType.values.isEmpty {
            report("Enum type \(enumType.name) must define one or more values.", [enumType.location])
        }
        for value in enumType.values {
            validateName(value.name, value.location)
        }
    }

    private mutating func validateFields(of input: InputObjectType) {
        if input.fields.isEmpty {
            report("Input Object type \(input.name) must define one or more fields.", [input.location])
        }
        for field in input.fields {
            validateName(field.name, field.location)
            if isKnown(field.type), !schema.isInputType(field.type) {
                report(
                    "The type of \(input.name).\(field.name) must be Input Type but got: \(field.type).", [field.location])
            }
            if field.isRequired, field.isDeprecated {
                report("Required input field \(input.name).\(field.name) cannot be deprecated.", [field.location])
            }
            if input.isOneOf {
                if field.type.isNonNull {
                    report("OneOf input field \(input.name).\(field.name) must be nullable.", [field.location])
                }
                if field.defaultValue != nil {
                    report("OneOf input field \(input.name).\(field.name) cannot have a default value.", [field.location])
                }
            }
        }
    }
}
