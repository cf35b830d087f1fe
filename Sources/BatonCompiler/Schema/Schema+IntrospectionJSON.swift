import BatonCore

/// Writing a schema as the result of graphql-js's full introspection query (spec §4.2), the
/// `schema.json` that tools exchange.
extension Schema {
    /// The schema as an introspection result: `{"__schema": {...}}`, with types and directives in
    /// the schema's order, every field, argument and enum value (deprecated ones too).
    /// - Parameter includeClientAdditions: Whether to include the enums and directives Baton adds
    ///   for its client directives when the schema does not define them itself.
    public func introspectionJSON(includeClientAdditions: Bool = false) -> JSONValue {
        let keep = { (name: String) in includeClientAdditions || !isClientAddition(name) }
        var schema = JSONObject()
        schema["description"] = description.map(JSONValue.string) ?? .null
        schema["queryType"] = rootTypeJSON(.query)
        schema["mutationType"] = rootTypeJSON(.mutation)
        schema["subscriptionType"] = rootTypeJSON(.subscription)
        schema["types"] = .list(types.filter { keep($0.name) }.map(typeJSON))
        schema["directives"] = .list(directives.filter { keep($0.name) }.map(directiveJSON))
        return ["__schema": .object(schema)]
    }

    private func rootTypeJSON(_ operation: OperationType) -> JSONValue {
        guard let name = rootTypeName(for: operation) else { return .null }
        return ["kind": .string((type(named: name)?.kind ?? .object).rawValue), "name": .string(name)]
    }

    private func typeJSON(_ type: NamedType) -> JSONValue {
        var object = JSONObject()
        object["kind"] = .string(type.kind.rawValue)
        object["name"] = .string(type.name)
        object["description"] = type.description.map(JSONValue.string) ?? .null
        var specifiedByURL: JSONValue = .null
        var isOneOf: JSONValue = .null
        var fields: JSONValue = .null
        var inputFields: JSONValue = .null
        var interfaces: JSONValue = .null
        var enumValues: JSONValue = .null
        var possibleTypes: JSONValue = .null
        switch type {
        case .scalar(let scalar):
            specifiedByURL = scalar.specifiedByURL.map(JSONValue.string) ?? .null
        case .object(let object):
            fields = .list(object.fields.map(fieldJSON))
            interfaces = .list(object.interfaces.map { typeReferenceJSON(.named($0)) })
        case .interface(let interface):
            fields = .list(interface.fields.map(fieldJSON))
            interfaces = .list(interface.interfaces.map { typeReferenceJSON(.named($0)) })
            possibleTypes = .list(self.possibleTypes(of: interface.name).map { typeReferenceJSON(.named($0.name)) })
        case .union(let union):
            possibleTypes = .list(union.members.map { typeReferenceJSON(.named($0)) })
        case .enum(let enumType):
            enumValues = .list(
                enumType.values.map { value in
                    [
                        "name": .string(value.name),
                        "description": value.description.map(JSONValue.string) ?? .null,
                        "isDeprecated": .bool(value.isDeprecated),
                        "deprecationReason": value.deprecationReason.map(JSONValue.string) ?? .null,
                    ]
                })
        case .inputObject(let input):
            inputFields = .list(input.fields.map(inputValueJSON))
            isOneOf = .bool(input.isOneOf)
        }
        object["specifiedByURL"] = specifiedByURL
        object["isOneOf"] = isOneOf
        object["fields"] = fields
        object["inputFields"] = inputFields
        object["interfaces"] = interfaces
        object["enumValues"] = enumValues
        object["possibleTypes"] = possibleTypes
        return .object(object)
    }

    private func fieldJSON(_ field: Field) -> JSONValue {
        [
            "name": .string(field.name),
            "description": field.description.map(JSONValue.string) ?? .null,
            "args": .list(field.arguments.map(inputValueJSON)),
            "type": typeReferenceJSON(field.type),
            "isDeprecated": .bool(field.isDeprecated),
            "deprecationReason": field.deprecationReason.map(JSONValue.string) ?? .null,
        ]
    }

    private func inputValueJSON(_ value: InputValue) -> JSONValue {
        [
            "name": .string(value.name),
            "description": value.description.map(JSONValue.string) ?? .null,
            "type": typeReferenceJSON(value.type),
            "defaultValue": value.defaultValue.map { .string(Printer.print($0)) } ?? .null,
            "isDeprecated": .bool(value.isDeprecated),
            "deprecationReason": value.deprecationReason.map(JSONValue.string) ?? .null,
        ]
    }

    private func directiveJSON(_ directive: Directive) -> JSONValue {
        [
            "name": .string(directive.name),
            "description": directive.description.map(JSONValue.string) ?? .null,
            "isRepeatable": .bool(directive.isRepeatable),
            "locations": .list(directive.locations.map { .string($0.rawValue) }),
            "args": .list(directive.arguments.map(inputValueJSON)),
        ]
    }

    /// `{"kind", "name", "ofType"}`, nested once per wrapper.
    private func typeReferenceJSON(_ reference: TypeReference) -> JSONValue {
        switch reference {
        case .named(let name):
            ["kind": .string((type(named: name)?.kind ?? .scalar).rawValue), "name": .string(name), "ofType": .null]
        case .list(let inner):
            ["kind": .string(TypeKind.list.rawValue), "name": .null, "ofType": typeReferenceJSON(inner)]
        case .nonNull(let inner):
            ["kind": .string(TypeKind.nonNull.rawValue), "name": .null, "ofType": typeReferenceJSON(inner)]
        }
    }
}
