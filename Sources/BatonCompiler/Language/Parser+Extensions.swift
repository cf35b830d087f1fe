/// Type system extensions (spec §3.1 TypeSystemExtension).
extension Parser {
    /// TypeSystemExtension : SchemaExtension | TypeExtension
    ///
    /// TypeExtension : ScalarTypeExtension | ObjectTypeExtension | InterfaceTypeExtension
    /// | UnionTypeExtension | EnumTypeExtension | InputObjectTypeExtension
    mutating func parseTypeSystemExtension() throws(Diagnostic) -> DefinitionNode {
        let keyword = try lexer.lookahead()
        if keyword.kind == .name {
            switch keyword.value {
            case "schema": return .schemaExtension(try parseSchemaExtension())
            case "scalar": return .typeExtension(.scalar(try parseScalarTypeExtension()))
            case "type": return .typeExtension(.object(try parseObjectTypeExtension()))
            case "interface": return .typeExtension(.interface(try parseInterfaceTypeExtension()))
            case "union": return .typeExtension(.union(try parseUnionTypeExtension()))
            case "enum": return .typeExtension(.enum(try parseEnumTypeExtension()))
            case "input": return .typeExtension(.inputObject(try parseInputObjectTypeExtension()))
            default: break
            }
        }
        throw unexpected(keyword)
    }

    /// SchemaExtension :
    ///   - extend schema Directives[Const]? { RootOperationTypeDefinition+ }
    ///   - extend schema Directives[Const] [lookahead != {]
    mutating func parseSchemaExtension() throws(Diagnostic) -> SchemaExtensionNode {
        let start = token
        try expectKeyword("extend")
        try expectKeyword("schema")
        let directives = try parseDirectives(isConstant: true)
        let operationTypes = try optionalMany(.braceLeft, .braceRight) { parser throws(Diagnostic) in try parser.parseOperationTypeDefinition() }
        if directives.isEmpty, operationTypes.isEmpty { throw unexpected() }
        return SchemaExtensionNode(directives: directives, operationTypes: operationTypes, location: location(of: start))
    }

    /// ScalarTypeExtension : extend scalar Name Directives[Const]
    mutating func parseScalarTypeExtension() throws(Diagnostic) -> ScalarTypeExtensionNode {
        let start = token
        try expectKeyword("extend")
        try expectKeyword("scalar")
        let name = try parseName()
        let directives = try parseDirectives(isConstant: true)
        if directives.isEmpty { throw unexpected() }
        return ScalarTypeExtensionNode(name: name, directives: directives, location: location(of: start))
    }

    /// ObjectTypeExtension :
    ///   - extend type Name ImplementsInterfaces? Directives[Const]? FieldsDefinition
    ///   - extend type Name ImplementsInterfaces? Directives[Const] [lookahead != {]
    ///   - extend type Name ImplementsInterfaces [lookahead != {]
    mutating func parseObjectTypeExtension() throws(Diagnostic) -> ObjectTypeExtensionNode {
        let start = token
        try expectKeyword("extend")
        try expectKeyword("type")
        let name = try parseName()
        let interfaces = try parseImplementsInterfaces()
        let directives = try parseDirectives(isConstant: true)
        let fields = try parseFieldsDefinition()
        if interfaces.isEmpty, directives.isEmpty, fields.isEmpty { throw unexpected() }
        return ObjectTypeExtensionNode(
            name: name, interfaces: interfaces, directives: directives, fields: fields, location: location(of: start))
    }

    /// InterfaceTypeExtension :
    ///   - extend interface Name ImplementsInterfaces? Directives[Const]? FieldsDefinition
    ///   - extend interface Name ImplementsInterfaces? Directives[Const] [lookahead != {]
    ///   - extend interface Name ImplementsInterfaces [lookahead != {]
    mutating func parseInterfaceTypeExtension() throws(Diagnostic) -> InterfaceTypeExtensionNode {
        let start = token
        try expectKeyword("extend")
        try expectKeyword("interface")
        let name = try parseName()
        let interfaces = try parseImplementsInterfaces()
        let directives = try parseDirectives(isConstant: true)
        let fields = try parseFieldsDefinition()
        if interfaces.isEmpty, directives.isEmpty, fields.isEmpty { throw unexpected() }
        return InterfaceTypeExtensionNode(
            name: name, interfaces: interfaces, directives: directives, fields: fields, location: location(of: start))
    }

    /// UnionTypeExtension :
    ///   - extend union Name Directives[Const]? UnionMemberTypes
    ///   - extend union Name Directives[Const]
    mutating func parseUnionTypeExtension() throws(Diagnostic) -> UnionTypeExtensionNode {
        let start = token
        try expectKeyword("extend")
        try expectKeyword("union")
        let name = try parseName()
        let directives = try parseDirectives(isConstant: true)
        let types = try parseUnionMemberTypes()
        if directives.isEmpty, types.isEmpty { throw unexpected() }
        return UnionTypeExtensionNode(name: name, directives: directives, types: types, location: location(of: start))
    }

    /// EnumTypeExtension :
    ///   - extend enum Name Directives[Const]? EnumValuesDefinition
    ///   - extend enum Name Directives[Const] [lookahead != {]
    mutating func parseEnumTypeExtension() throws(Diagnostic) -> EnumTypeExtensionNode {
        let start = token
        try expectKeyword("extend")
        try expectKeyword("enum")
        let name = try parseName()
        let directives = try parseDirectives(isConstant: true)
        let values = try parseEnumValuesDefinition()
        if directives.isEmpty, values.isEmpty { throw unexpected() }
        return EnumTypeExtensionNode(name: name, directives: directives, values: values, location: location(of: start))
    }

    /// InputObjectTypeExtension :
    ///   - extend input Name Directives[Const]? InputFieldsDefinition
    ///   - extend input Name Directives[Const] [lookahead != {]
    mutating func parseInputObjectTypeExtension() throws(Diagnostic) -> InputObjectTypeExtensionNode {
        let start = token
        try expectKeyword("extend")
        try expectKeyword("input")
        let name = try parseName()
        let directives = try parseDirectives(isConstant: true)
        let fields = try parseInputFieldsDefinition()
        if directives.isEmpty, fields.isEmpty { throw unexpected() }
        return InputObjectTypeExtensionNode(
            name: name, directives: directives, fields: fields, location: location(of: start))
    }
}
