/// Turning definitions (and their extensions) into schema types; duplicates within one type are
/// reported as graphql-js's SDL rules word them.
extension SchemaBuilder {
    /// The type a definition and its extensions describe together.
    mutating func makeType(_ definition: TypeDefinitionNode, extensions: [TypeExtensionNode]) -> NamedType {
        let name = definition.name.value
        switch definition {
        case .scalar(let node):
            let parts = extensions.compactMap { if case .scalar(let e) = $0 { e } else { nil } }
            let directives = node.directives + parts.flatMap(\.directives)
            return .scalar(
                ScalarType(
                    name: name, description: node.description?.value,
                    specifiedByURL: stringArgument("url", of: "specifiedBy", in: directives),
                    directives: directives, location: node.location))
        case .object(let node):
            let parts = extensions.compactMap { if case .object(let e) = $0 { e } else { nil } }
            return .object(
                ObjectType(
                    name: name, description: node.description?.value,
                    interfaces: (node.interfaces + parts.flatMap(\.interfaces)).map(\.name.value),
                    fields: makeFields(of: name, node.fields + parts.flatMap(\.fields)),
                    directives: node.directives + parts.flatMap(\.directives), location: node.location))
        case .interface(let node):
            let parts = extensions.compactMap { if case .interface(let e) = $0 { e } else { nil } }
            return .interface(
                InterfaceType(
                    name: name, description: node.description?.value,
                    interfaces: (node.interfaces + parts.flatMap(\.interfaces)).map(\.name.value),
                    fields: makeFields(of: name, node.fields + parts.flatMap(\.fields)),
                    directives: node.directives + parts.flatMap(\.directives), location: node.location))
        case .union(let node):
            let parts = extensions.compactMap { if case .union(let e) = $0 { e } else { nil } }
            return .union(
                UnionType(
                    name: name, description: node.description?.value,
                    members: (node.types + parts.flatMap(\.types)).map(\.name.value),
                    directives: node.directives + parts.flatMap(\.directives), location: node.location))
        case .enum(let node):
            let parts = extensions.compactMap { if case .enum(let e) = $0 { e } else { nil } }
            return .enum(
                EnumType(
                    name: name, description: node.description?.value,
                    values: makeEnumValues(of: name, node.values + parts.flatMap(\.values)),
                    directives: node.directives + parts.flatMap(\.directives), location: node.location))
        case .inputObject(let node):
            let parts = extensions.compactMap { if case .inputObject(let e) = $0 { e } else { nil } }
            let directives = node.directives + parts.flatMap(\.directives)
            return .inputObject(
                InputObjectType(
                    name: name, description: node.description?.value,
                    fields: makeInputFields(of: name, node.fields + parts.flatMap(\.fields)),
                    isOneOf: directives.contains { $0.name.value == "oneOf" },
                    directives: directives, location: node.location))
        }
    }

    /// The directive a definition describes.
    mutating func makeDirective(_ node: DirectiveDefinitionNode) -> Directive {
        Directive(
            name: node.name.value, description: node.description?.value,
            arguments: makeArguments(of: "@\(node.name.value)", node.arguments),
            isRepeatable: node.isRepeatable,
            locations: node.locations.compactMap { DirectiveLocation(rawValue: $0.value) },
            location: node.location)
    }

    private mutating func makeFields(of typeName: String, _ nodes: [FieldDefinitionNode]) -> [Field] {
        var seen: [String: NameNode] = [:]
        var fields: [Field] = []
        for node in nodes {
            if let first = seen[node.name.value] {
                report(
                    "Field \"\(typeName).\(node.name.value)\" can only be defined once.",
                    [first.location, node.name.location])
                continue
            }
            seen[node.name.value] = node.name
            fields.append(
                Field(
                    name: node.name.value, description: node.description?.value,
                    arguments: makeArguments(of: "\(typeName).\(node.name.value)", node.arguments),
                    type: TypeReference(node.type), deprecationReason: deprecationReason(node.directives),
                    directives: node.directives, location: node.location))
        }
        return fields
    }

    private mutating func makeArguments(of owner: String, _ nodes: [InputValueDefinitionNode]) -> [InputValue] {
        makeInputValues(nodes) { "Argument \"\(owner)(\($0):)\" can only be defined once." }
    }

    private mutating func makeInputFields(of typeName: String, _ nodes: [InputValueDefinitionNode]) -> [InputValue] {
        makeInputValues(nodes) { "Field \"\(typeName).\($0)\" can only be defined once." }
    }

    /// The input values in order, each name once; a repeated name is reported with `duplicate(name)`.
    private mutating func makeInputValues(
        _ nodes: [InputValueDefinitionNode],
        duplicate: (String) -> String
    ) -> [InputValue] {
        var seen: [String: NameNode] = [:]
        var values: [InputValue] = []
        for node in nodes {
            if let first = seen[node.name.value] {
                report(duplicate(node.name.value), [first.location, node.name.location])
                continue
            }
            seen[node.name.value] = node.name
            values.append(makeInputValue(node))
        }
        return values
    }

    private func makeInputValue(_ node: InputValueDefinitionNode) -> InputValue {
        InputValue(
            name: node.name.value, description: node.description?.value, type: TypeReference(node.type),
            defaultValue: node.defaultValue, deprecationReason: deprecationReason(node.directives),
            directives: node.directives, location: node.location)
    }

    private mutating func makeEnumValues(of typeName: String, _ nodes: [EnumValueDefinitionNode]) -> [EnumValue] {
        var seen: [String: NameNode] = [:]
        var values: [EnumValue] = []
        for node in nodes {
            if let first = seen[node.name.value] {
                report(
                    "Enum value \"\(typeName).\(node.name.value)\" can only be defined once.",
                    [first.location, node.name.location])
                continue
            }
            seen[node.name.value] = node.name
            values.append(
                EnumValue(
                    name: node.name.value, description: node.description?.value,
                    deprecationReason: deprecationReason(node.directives), directives: node.directives,
                    location: node.location))
        }
        return values
    }

    /// The reason `@deprecated` gives, or its default when it gives none; `nil` when not deprecated.
    private func deprecationReason(_ directives: [DirectiveNode]) -> String? {
        guard directives.contains(where: { $0.name.value == "deprecated" }) else { return nil }
        return stringArgument("reason", of: "deprecated", in: directives) ?? "No longer supported"
    }

    private func stringArgument(_ argument: String, of directive: String, in directives: [DirectiveNode]) -> String? {
        guard let node = directives.first(where: { $0.name.value == directive }),
            case .string(let value) = node.argument(named: argument)
        else { return nil }
        return value.value
    }
}
