import BatonCore

/// Reads the result of an introspection query into schema parts, reporting what is missing or
/// malformed by its path in the JSON (`types[3].fields[0].type`); what it cannot read it leaves out.
struct IntrospectionReader {
    private(set) var diagnostics: [Diagnostic] = []
    /// What the reader passed over without refusing the schema: a directive location newer than
    /// this compiler, which only the server's own validation can need.
    private(set) var warnings: [Diagnostic] = []

    private mutating func report(_ message: String) {
        diagnostics.append(Diagnostic(message, at: nil))
    }

    /// The `__schema` object, at the top level or under `data`.
    mutating func schemaObject(in json: JSONValue) -> JSONObject? {
        if let schema = json["data"]?["__schema"]?.objectValue ?? json["__schema"]?.objectValue { return schema }
        report(
            "Invalid introspection result: expected an object with \"__schema\", at the top level or under \"data\".")
        return nil
    }

    mutating func rootTypeNames(_ schema: JSONObject) -> [OperationType: String] {
        var roots: [OperationType: String] = [:]
        for (operation, key) in [(OperationType.query, "queryType"), (.mutation, "mutationType"), (.subscription, "subscriptionType")] {
            guard let value = schema[key], !value.isNull else { continue }
            if let name = value["name"]?.stringValue {
                roots[operation] = name
            } else {
                report("Invalid introspection result: \(key) has no name.")
            }
        }
        return roots
    }

    mutating func types(_ schema: JSONObject) -> [NamedType] {
        guard let list = schema["types"]?.listValue else {
            report("Invalid introspection result: __schema has no \"types\" list.")
            return []
        }
        var types: [NamedType] = []
        for (index, value) in list.enumerated() {
            if let type = namedType(value, path: "types[\(index)]") { types.append(type) }
        }
        return types
    }

    mutating func directives(_ schema: JSONObject) -> [Directive] {
        guard let list = schema["directives"]?.listValue else { return [] }
        var directives: [Directive] = []
        for (index, value) in list.enumerated() {
            let path = "directives[\(index)]"
            guard let name = value["name"]?.stringValue else {
                report("Invalid introspection result: \(path) has no name.")
                continue
            }
            var locations: [DirectiveLocation] = []
            for location in value["locations"]?.listValue ?? [] {
                if let known = location.stringValue.flatMap(DirectiveLocation.init(rawValue:)) {
                    locations.append(known)
                } else if location.stringValue != nil {
                    warnings.append(
                        Diagnostic(
                            "\(path) (@\(name)) has the location \(describe(location)), which Baton does not know;"
                                + " the location is left out.", severity: .warning, at: nil))
                } else {
                    report("Invalid introspection result: \(path) has a location that is not a string: \(describe(location)).")
                }
            }
            directives.append(
                Directive(
                    name: name, description: value["description"]?.stringValue,
                    arguments: inputValues(value["args"], path: "\(path).args"),
                    isRepeatable: value["isRepeatable"]?.boolValue ?? false, locations: locations))
        }
        return directives
    }

    private mutating func namedType(_ value: JSONValue, path: String) -> NamedType? {
        guard let name = value["name"]?.stringValue else {
            report("Invalid introspection result: \(path) has no name.")
            return nil
        }
        let description = value["description"]?.stringValue
        switch value["kind"]?.stringValue.flatMap(TypeKind.init(rawValue:)) {
        case .scalar:
            // Servers from before the 2021 edition spell it `specifiedByUrl`.
            let url = value["specifiedByURL"]?.stringValue ?? value["specifiedByUrl"]?.stringValue
            return .scalar(ScalarType(name: name, description: description, specifiedByURL: url))
        case .object:
            return .object(
                ObjectType(
                    name: name, description: description, interfaces: typeNames(value["interfaces"], path: "\(path).interfaces"),
                    fields: fields(value["fields"], path: "\(path).fields")))
        case .interface:
            return .interface(
                InterfaceType(
                    name: name, description: description, interfaces: typeNames(value["interfaces"], path: "\(path).interfaces"),
                    fields: fields(value["fields"], path: "\(path).fields")))
        case .union:
            return .union(
                UnionType(
                    name: name, description: description, members: typeNames(value["possibleTypes"], path: "\(path).possibleTypes")))
        case .enum:
            var values: [EnumValue] = []
            for (index, item) in (value["enumValues"]?.listValue ?? []).enumerated() {
                guard let valueName = item["name"]?.stringValue else {
                    report("Invalid introspection result: \(path).enumValues[\(index)] has no name.")
                    continue
                }
                values.append(
                    EnumValue(
                        name: valueName, description: item["description"]?.stringValue,
                        deprecationReason: deprecationReason(item)))
            }
            return .enum(EnumType(name: name, description: description, values: values))
        case .inputObject:
            return .inputObject(
                InputObjectType(
                    name: name, description: description, fields: inputValues(value["inputFields"], path: "\(path).inputFields"),
                    isOneOf: value["isOneOf"]?.boolValue ?? false))
        case .list, .nonNull, nil:
            report("Invalid introspection result: \(path) (\(name)) has kind \(describe(value["kind"])), not a named type's kind.")
            return nil
        }
    }

    private mutating func fields(_ value: JSONValue?, path: String) -> [Field] {
        typedMembers(value, path: path) { reader, item, name, type, itemPath in
            Field(
                name: name, description: item["description"]?.stringValue,
                arguments: reader.inputValues(item["args"], path: "\(itemPath).args"), type: type,
                deprecationReason: reader.deprecationReason(item))
        }
    }

    private mutating func inputValues(_ value: JSONValue?, path: String) -> [InputValue] {
        typedMembers(value, path: path) { reader, item, name, type, itemPath in
            var defaultValue: ValueNode?
            if let text = item["defaultValue"]?.stringValue {
                do throws(Diagnostic) {
                    defaultValue = try Parser.parseValue(text, isConstant: true)
                } catch {
                    reader.report("Invalid introspection result: \(itemPath).defaultValue \(text.debugDescription) does not parse: \(error.message)")
                }
            }
            return InputValue(
                name: name, description: item["description"]?.stringValue, type: type,
                defaultValue: defaultValue, deprecationReason: reader.deprecationReason(item))
        }
    }

    /// The members of a list of fields or input values, each of which has a `name` and a `type`;
    /// a member without either is reported (a missing name in words of its own) and left out.
    private mutating func typedMembers<Member>(
        _ value: JSONValue?, path: String,
        _ member: (inout IntrospectionReader, JSONValue, String, TypeReference, String) -> Member
    ) -> [Member] {
        var members: [Member] = []
        for (index, item) in (value?.listValue ?? []).enumerated() {
            let itemPath = "\(path)[\(index)]"
            guard let name = item["name"]?.stringValue, let type = typeReference(item["type"], path: "\(itemPath).type")
            else {
                if item["name"]?.stringValue == nil { report("Invalid introspection result: \(itemPath) has no name.") }
                continue
            }
            members.append(member(&self, item, name, type, itemPath))
        }
        return members
    }

    /// The names in a list of named type references (interfaces, possible types).
    private mutating func typeNames(_ value: JSONValue?, path: String) -> [String] {
        var names: [String] = []
        for (index, item) in (value?.listValue ?? []).enumerated() {
            if let name = item["name"]?.stringValue {
                names.append(name)
            } else {
                report("Invalid introspection result: \(path)[\(index)] has no name.")
            }
        }
        return names
    }

    /// How many list and non-null wrappers a type reference may have.
    static let maxTypeWrappers = 64

    /// A `{kind, name, ofType}` chain, read without recursion.
    private mutating func typeReference(_ value: JSONValue?, path: String) -> TypeReference? {
        var wrappers: [TypeKind] = []
        var current = value
        while let node = current {
            switch node["kind"]?.stringValue.flatMap(TypeKind.init(rawValue:)) {
            case .list, .nonNull:
                // Real types nest a few levels; a deeper chain is hostile or broken.
                guard wrappers.count < Self.maxTypeWrappers else {
                    current = nil
                    continue
                }
                wrappers.append(node["kind"]?.stringValue == TypeKind.list.rawValue ? .list : .nonNull)
                current = node["ofType"]
            case .some:
                guard let name = node["name"]?.stringValue else {
                    current = nil
                    continue
                }
                var reference = TypeReference.named(name)
                for wrapper in wrappers.reversed() {
                    reference = wrapper == .list ? .list(reference) : .nonNull(reference)
                }
                return reference
            case nil:
                current = nil
            }
        }
        report("Invalid introspection result: \(path) is not a complete type reference.")
        return nil
    }

    private func deprecationReason(_ item: JSONValue) -> String? {
        if let reason = item["deprecationReason"]?.stringValue { return reason }
        return item["isDeprecated"]?.boolValue == true ? "No longer supported" : nil
    }

    private func describe(_ value: JSONValue?) -> String {
        guard let value else { return "missing" }
        if let string = value.stringValue { return string.debugDescription }
        return value.kindDescription
    }
}
