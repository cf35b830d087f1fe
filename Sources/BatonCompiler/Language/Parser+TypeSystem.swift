/// Type system definitions (spec §3).
extension Parser {
    /// SchemaDefinition : Description? schema Directives[Const]? { RootOperationTypeDefinition+ }
    mutating func parseSchemaDefinition() throws(Diagnostic) -> SchemaDefinitionNode {
        let start = token
        let description = try parseDescription()
        try expectKeyword("schema")
        let directives = try parseDirectives(isConstant: true)
        let operationTypes = try many(.braceLeft, .braceRight) { parser throws(Diagnostic) in try parser.parseOperationTypeDefinition() }
        return SchemaDefinitionNode(
            description: description, directives: directives, operationTypes: operationTypes,
            location: location(of: start))
    }

    /// RootOperationTypeDefinition : OperationType : NamedType
    mutating func parseOperationTypeDefinition() throws(Diagnostic) -> OperationTypeDefinitionNode {
        let start = token
        let operation = try parseOperationType()
        try expectToken(.colon)
        return OperationTypeDefinitionNode(
            operation: operation, type: try parseNamedType(), location: location(of: start))
    }

    /// ScalarTypeDefinition : Description? scalar Name Directives[Const]?
    mutating func parseScalarTypeDefinition() throws(Diagnostic) -> ScalarTypeDefinitionNode {
        let start = token
        let description = try parseDescription()
        try expectKeyword("scalar")
        return ScalarTypeDefinitionNode(
            description: description, name: try parseName(), directives: try parseDirectives(isConstant: true),
            location: location(of: start))
    }

    /// ObjectTypeDefinition : Description? type Name ImplementsInterfaces? Directives[Const]? FieldsDefinition?
    mutating func parseObjectTypeDefinition() throws(Diagnostic) -> ObjectTypeDefinitionNode {
        let start = token
        let description = try parseDescription()
        try expectKeyword("type")
        return ObjectTypeDefinitionNode(
            description: description,
            name: try parseName(),
            interfaces: try parseImplementsInterfaces(),
            directives: try parseDirectives(isConstant: true),
            fields: try parseFieldsDefinition(),
            location: location(of: start)
        )
    }

    /// ImplementsInterfaces : implements &? NamedType | ImplementsInterfaces & NamedType
    mutating func parseImplementsInterfaces() throws(Diagnostic) -> [NamedTypeNode] {
        guard try skipKeyword("implements") else { return [] }
        return try parseDelimitedNamedTypes(.ampersand)
    }

    /// A list of named types with an optional leading delimiter: `&? A & B` or `|? A | B`.
    mutating func parseDelimitedNamedTypes(_ delimiter: TokenKind) throws(Diagnostic) -> [NamedTypeNode] {
        try delimitedMany(delimiter) { parser throws(Diagnostic) in try parser.parseNamedType() }
    }

    /// FieldsDefinition : { FieldDefinition+ }
    mutating func parseFieldsDefinition() throws(Diagnostic) -> [FieldDefinitionNode] {
        try optionalMany(.braceLeft, .braceRight) { parser throws(Diagnostic) in try parser.parseFieldDefinition() }
    }

    /// FieldDefinition : Description? Name ArgumentsDefinition? : Type Directives[Const]?
    mutating func parseFieldDefinition() throws(Diagnostic) -> FieldDefinitionNode {
        let start = token
        let description = try parseDescription()
        let name = try parseName()
        let arguments = try parseArgumentDefinitions()
        try expectToken(.colon)
        return FieldDefinitionNode(
            description: description,
            name: name,
            arguments: arguments,
            type: try parseTypeReference(),
            directives: try parseDirectives(isConstant: true),
            location: location(of: start)
        )
    }

    /// ArgumentsDefinition : ( InputValueDefinition+ )
    mutating func parseArgumentDefinitions() throws(Diagnostic) -> [InputValueDefinitionNode] {
        try optionalMany(.parenLeft, .parenRight) { parser throws(Diagnostic) in try parser.parseInputValueDefinition() }
    }

    /// InputValueDefinition : Description? Name : Type DefaultValue? Directives[Const]?
    mutating func parseInputValueDefinition() throws(Diagnostic) -> InputValueDefinitionNode {
        let start = token
        let description = try parseDescription()
        let name = try parseName()
        try expectToken(.colon)
        let type = try parseTypeReference()
        let defaultValue = try skip(.equals) ? parseValueLiteral(isConstant: true) : nil
        return InputValueDefinitionNode(
            description: description,
            name: name,
            type: type,
            defaultValue: defaultValue,
            directives: try parseDirectives(isConstant: true),
            location: location(of: start)
        )
    }

    /// InterfaceTypeDefinition : Description? interface Name ImplementsInterfaces? Directives[Const]?
    /// FieldsDefinition?
    mutating func parseInterfaceTypeDefinition() throws(Diagnostic) -> InterfaceTypeDefinitionNode {
        let start = token
        let description = try parseDescription()
        try expectKeyword("interface")
        return InterfaceTypeDefinitionNode(
            description: description,
            name: try parseName(),
            interfaces: try parseImplementsInterfaces(),
            directives: try parseDirectives(isConstant: true),
            fields: try parseFieldsDefinition(),
            location: location(of: start)
        )
    }

    /// UnionTypeDefinition : Description? union Name Directives[Const]? UnionMemberTypes?
    mutating func parseUnionTypeDefinition() throws(Diagnostic) -> UnionTypeDefinitionNode {
        let start = token
        let description = try parseDescription()
        try expectKeyword("union")
        return UnionTypeDefinitionNode(
            description: description,
            name: try parseName(),
            directives: try parseDirectives(isConstant: true),
            types: try parseUnionMemberTypes(),
            location: location(of: start)
        )
    }

    /// UnionMemberTypes : = |? NamedType | UnionMemberTypes | NamedType
    mutating func parseUnionMemberTypes() throws(Diagnostic) -> [NamedTypeNode] {
        guard try skip(.equals) else { return [] }
        return try parseDelimitedNamedTypes(.pipe)
    }

    /// EnumTypeDefinition : Description? enum Name Directives[Const]? EnumValuesDefinition?
    mutating func parseEnumTypeDefinition() throws(Diagnostic) -> EnumTypeDefinitionNode {
        let start = token
        let description = try parseDescription()
        try expectKeyword("enum")
        return EnumTypeDefinitionNode(
            description: description,
            name: try parseName(),
            directives: try parseDirectives(isConstant: true),
            values: try parseEnumValuesDefinition(),
            location: location(of: start)
        )
    }

    /// EnumValuesDefinition : { EnumValueDefinition+ }
    mutating func parseEnumValuesDefinition() throws(Diagnostic) -> [EnumValueDefinitionNode] {
        try optionalMany(.braceLeft, .braceRight) { parser throws(Diagnostic) in try parser.parseEnumValueDefinition() }
    }

    /// EnumValueDefinition : Description? EnumValue Directives[Const]?
    ///
    /// EnumValue : Name but not `true`, `false` or `null`
    mutating func parseEnumValueDefinition() throws(Diagnostic) -> EnumValueDefinitionNode {
        let start = token
        let description = try parseDescription()
        if token.value == "true" || token.value == "false" || token.value == "null" {
            throw lexer.syntaxError(
                "\(token.messageDescription) is reserved and cannot be used for an enum value.", at: token.start)
        }
        return EnumValueDefinitionNode(
            description: description, name: try parseName(), directives: try parseDirectives(isConstant: true),
            location: location(of: start))
    }

    /// InputObjectTypeDefinition : Description? input Name Directives[Const]? InputFieldsDefinition?
    mutating func parseInputObjectTypeDefinition() throws(Diagnostic) -> InputObjectTypeDefinitionNode {
        let start = token
        let description = try parseDescription()
        try expectKeyword("input")
        return InputObjectTypeDefinitionNode(
            description: description,
            name: try parseName(),
            directives: try parseDirectives(isConstant: true),
            fields: try parseInputFieldsDefinition(),
            location: location(of: start)
        )
    }

    /// InputFieldsDefinition : { InputValueDefinition+ }
    mutating func parseInputFieldsDefinition() throws(Diagnostic) -> [InputValueDefinitionNode] {
        try optionalMany(.braceLeft, .braceRight) { parser throws(Diagnostic) in try parser.parseInputValueDefinition() }
    }

    /// DirectiveDefinition : Description? directive @ Name ArgumentsDefinition? repeatable? on DirectiveLocations
    mutating func parseDirectiveDefinition() throws(Diagnostic) -> DirectiveDefinitionNode {
        let start = token
        let description = try parseDescription()
        try expectKeyword("directive")
        try expectToken(.at)
        let name = try parseName()
        let arguments = try parseArgumentDefinitions()
        let isRepeatable = try skipKeyword("repeatable")
        try expectKeyword("on")
        return DirectiveDefinitionNode(
            description: description,
            name: name,
            arguments: arguments,
            isRepeatable: isRepeatable,
            locations: try parseDirectiveLocations(),
            location: location(of: start)
        )
    }

    /// DirectiveLocations : |? DirectiveLocation | DirectiveLocations | DirectiveLocation
    ///
    /// DirectiveLocation : ExecutableDirectiveLocation | TypeSystemDirectiveLocation
    mutating func parseDirectiveLocations() throws(Diagnostic) -> [NameNode] {
        try delimitedMany(.pipe) { parser throws(Diagnostic) in
            let start = parser.token
            let name = try parser.parseName()
            guard DirectiveLocation(rawValue: name.value) != nil else { throw parser.unexpected(start) }
            return name
        }
    }
}
