/// Printing a schema as SDL, as graphql-js's `printSchema` does: the built-ins left out, the
/// schema definition only when the root types have other names than Query, Mutation and Subscription.
extension Schema {
    /// The schema's SDL. Directives applied in the SDL it was built from are kept; a schema read
    /// from introspection gets `@deprecated`, `@specifiedBy` and `@oneOf` from what it knows.
    /// - Parameter definingDeferAndStream: whether to print `@defer` and `@stream` definitions the
    ///   schema has, for readers that do not know them (graphql-js 16, graphql-core 3.3 and
    ///   older): a server's schema fetched by introspection keeps them this way.
    public func sdl(definingDeferAndStream: Bool = false) -> String {
        var definitions: [DefinitionNode] = []
        if let schemaDefinition = schemaDefinitionNode() { definitions.append(.schema(schemaDefinition)) }
        let incremental = ["defer", "stream"]
        for directive in directives
        where !isBuiltIn(directive) || (definingDeferAndStream && incremental.contains(directive.name) && !isClientAddition(directive.name)) {
            definitions.append(.directive(definitionNode(directive)))
        }
        for type in types where !isBuiltIn(type) {
            definitions.append(.type(definitionNode(type)))
        }
        return Printer.print(DocumentNode(definitions: definitions))
    }

    /// The specification's directives, `@defer` and `@stream` are left out by name, as graphql-js
    /// leaves out its specified directives; Baton's client directives when Baton added them.
    private func isBuiltIn(_ directive: Directive) -> Bool {
        ["include", "skip", "deprecated", "specifiedBy", "oneOf", "defer", "stream"].contains(directive.name)
            || isClientAddition(directive.name)
    }

    private func isBuiltIn(_ type: NamedType) -> Bool {
        if case .scalar(let scalar) = type, scalar.isBuiltIn { return true }
        if Prelude.introspectionTypeNames.contains(type.name) { return true }
        return isClientAddition(type.name)
    }

    private func schemaDefinitionNode() -> SchemaDefinitionNode? {
        let commonNames: [OperationType: String] = [.query: "Query", .mutation: "Mutation", .subscription: "Subscription"]
        let operations = OperationType.allCases.filter { rootTypeName(for: $0) != nil }
        let isCommon = operations.allSatisfy { rootTypeName(for: $0) == commonNames[$0] }
        if isCommon, description == nil, schemaDirectives.isEmpty { return nil }
        return SchemaDefinitionNode(
            description: description.map(descriptionNode), directives: schemaDirectives,
            operationTypes: operations.compactMap { operation in
                rootTypeName(for: operation).map {
                    OperationTypeDefinitionNode(operation: operation, type: NamedTypeNode($0))
                }
            })
    }

    private func definitionNode(_ type: NamedType) -> TypeDefinitionNode {
        switch type {
        case .scalar(let scalar):
            var directives = scalar.directives
            if directives.isEmpty, let url = scalar.specifiedByURL {
                directives = [directive("specifiedBy", ["url": .string(StringValueNode(url))])]
            }
            return .scalar(
                ScalarTypeDefinitionNode(
                    description: scalar.description.map(descriptionNode), name: NameNode(scalar.name),
                    directives: directives))
        case .object(let object):
            return .object(
                ObjectTypeDefinitionNode(
                    description: object.description.map(descriptionNode), name: NameNode(object.name),
                    interfaces: object.interfaces.map(NamedTypeNode.init), directives: object.directives,
                    fields: object.fields.map(definitionNode)))
        case .interface(let interface):
            return .interface(
                InterfaceTypeDefinitionNode(
                    description: interface.description.map(descriptionNode), name: NameNode(interface.name),
                    interfaces: interface.interfaces.map(NamedTypeNode.init), directives: interface.directives,
                    fields: interface.fields.map(definitionNode)))
        case .union(let union):
            return .union(
                UnionTypeDefinitionNode(
                    description: union.description.map(descriptionNode), name: NameNode(union.name),
                    directives: union.directives, types: union.members.map(NamedTypeNode.init)))
        case .enum(let enumType):
            return .enum(
                EnumTypeDefinitionNode(
                    description: enumType.description.map(descriptionNode), name: NameNode(enumType.name),
                    directives: enumType.directives,
                    values: enumType.values.map { value in
                        EnumValueDefinitionNode(
                            description: value.description.map(descriptionNode), name: NameNode(value.name),
                            directives: appliedDirectives(value.directives, deprecationReason: value.deprecationReason))
                    }))
        case .inputObject(let input):
            var directives = input.directives
            if directives.isEmpty, input.isOneOf { directives = [directive("oneOf", [:])] }
            return .inputObject(
                InputObjectTypeDefinitionNode(
                    description: input.description.map(descriptionNode), name: NameNode(input.name),
                    directives: directives, fields: input.fields.map(definitionNode)))
        }
    }

    private func definitionNode(_ directive: Directive) -> DirectiveDefinitionNode {
        DirectiveDefinitionNode(
            description: directive.description.map(descriptionNode), name: NameNode(directive.name),
            arguments: directive.arguments.map(definitionNode), isRepeatable: directive.isRepeatable,
            locations: directive.locations.map { NameNode($0.rawValue) })
    }

    private func definitionNode(_ field: Field) -> FieldDefinitionNode {
        FieldDefinitionNode(
            description: field.description.map(descriptionNode), name: NameNode(field.name),
            arguments: field.arguments.map(definitionNode), type: field.type.typeNode,
            directives: appliedDirectives(field.directives, deprecationReason: field.deprecationReason))
    }

    private func definitionNode(_ value: InputValue) -> InputValueDefinitionNode {
        InputValueDefinitionNode(
            description: value.description.map(descriptionNode), name: NameNode(value.name), type: value.type.typeNode,
            defaultValue: value.defaultValue,
            directives: appliedDirectives(value.directives, deprecationReason: value.deprecationReason))
    }

    /// The directives as written, or `@deprecated` when only the reason is known.
    private func appliedDirectives(_ directives: [DirectiveNode], deprecationReason: String?) -> [DirectiveNode] {
        guard directives.isEmpty, let deprecationReason else { return directives }
        if deprecationReason == "No longer supported" { return [directive("deprecated", [:])] }
        return [directive("deprecated", ["reason": .string(StringValueNode(deprecationReason))])]
    }

    private func directive(_ name: String, _ arguments: KeyValuePairs<String, ValueNode>) -> DirectiveNode {
        DirectiveNode(
            name: NameNode(name), arguments: arguments.map { ArgumentNode(name: NameNode($0.key), value: $0.value) })
    }

    private func descriptionNode(_ text: String) -> StringValueNode {
        StringValueNode(text, isBlock: BlockString.canPrint(text))
    }
}
